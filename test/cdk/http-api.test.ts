import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { resourceEnv } from '../../functions/core/runtime/env.js';
import { baseEnvironment } from '../../lib/constructs/app-function.js';
import { fallbackRoute, httpRoutes, isSignedIn, type FunctionName, type HttpRoute, type Resource } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, logicalIdOf, resourcesOfType, roleStatements, synthStack } from './app-template.js';

const origins = ['https://app.example.com'];
const { template, stack } = synthStack({ allowedOrigins: origins });
const routes: readonly HttpRoute[] = httpRoutes;
const apiId = logicalIdOf(stack.httpApi.api);
const poolId = logicalIdOf(stack.auth.userPool);
const clientId = logicalIdOf(stack.auth.userPoolClient);

const apiRoutes = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).filter(
  (r) => (r.Properties?.ApiId as { Ref?: string }).Ref === apiId,
);
const routeByKey = new Map(apiRoutes.map((r) => [r.Properties?.RouteKey as string, r.Properties ?? {}]));
const authorizers = resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer');
const jwtAuthorizerId = Object.entries(authorizers).find(([, a]) => a.Properties?.AuthorizerType === 'JWT')?.[0];

/** The function a route invokes, through its integration. */
function functionOfRoute(route: Record<string, unknown>): string {
  const target = (route.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  const integrationId = (target[1] as { Ref: string }).Ref;
  const integration = template.toJSON().Resources[integrationId] as { Properties: { IntegrationUri: { 'Fn::GetAtt': [string, string] } } };
  return integration.Properties.IntegrationUri['Fn::GetAtt'][0];
}

describe('JWT authorizer', () => {
  it('trusts only tokens of the user pool issued to the dashboard client', () => {
    expect(jwtAuthorizerId).toBeDefined();
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      ApiId: { Ref: apiId },
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: poolId }]],
        },
      },
    });
  });
});

describe('routes', () => {
  it.each(routes.filter((r) => isSignedIn(r.access)).map((r) => [`${r.method} ${r.path}`, r.name]))(
    '%s (signed-in) requires the JWT authorizer and calls %s',
    (key, name) => {
      const route = routeByKey.get(key);
      expect(route).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: jwtAuthorizerId } });
      expect(functionOfRoute(route ?? {})).toBe(functionId(template, name));
    },
  );

  it.each(routes.filter((r) => !isSignedIn(r.access)).map((r) => [`${r.method} ${r.path}`, r.name]))(
    '%s (public or visitor) has no authorizer and calls %s',
    (key, name) => {
      const route = routeByKey.get(key);
      expect(route?.AuthorizationType).toBe('NONE');
      expect(route?.AuthorizerId).toBeUndefined();
      expect(functionOfRoute(route ?? {})).toBe(functionId(template, name));
    },
  );

  it('sends every other request to the fallback function, without an authorizer', () => {
    const route = routeByKey.get('$default');
    expect(route?.AuthorizationType).toBe('NONE');
    expect(functionOfRoute(route ?? {})).toBe(functionId(template, fallbackRoute.name));
  });

  it('uses payload format 2.0 for every integration', () => {
    const integrations = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Integration')).filter(
      (i) => (i.Properties?.ApiId as { Ref?: string }).Ref === apiId,
    );
    expect(integrations).toHaveLength(apiRoutes.length);
    for (const integration of integrations) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });
});

describe('functions', () => {
  const names = [...new Set([...routes.map((r) => r.name), fallbackRoute.name])];

  it.each(names)('%s runs on Node.js 22, arm64, with JSON logs, without parsing its source map at start', (name) => {
    const id = functionId(template, name);
    const fn = template.toJSON().Resources[id] as { Properties: Record<string, unknown> };
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      LoggingConfig: expect.objectContaining({ LogFormat: 'JSON' }),
    });
    // The bundle maps its stack traces itself when one is written (lib/lambda-shims/stack-source-maps.ts).
    expect(environmentOf(template, id).NODE_OPTIONS).toBeUndefined();
  });

  // A function serving several routes (a webhook's GET handshake and POST) gets what all of them use.
  const usesByName = new Map<string, readonly Resource[]>();
  for (const r of routes) usesByName.set(r.name, [...new Set([...(usesByName.get(r.name) ?? []), ...r.uses])]);

  it.each([...usesByName])('%s gets exactly the environment its uses imply: %j', (name, uses) => {
    const expected = [...Object.keys(baseEnvironment(name as FunctionName)), ...uses.flatMap((u) => resourceEnv[u])].sort();
    expect(Object.keys(environmentOf(template, functionId(template, name))).sort()).toEqual(expected);
  });

  it.each([...usesByName])('%s has data permissions only for what it uses: %j', (name, uses) => {
    const actions = actionsOf(roleStatements(template, functionId(template, name)));
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(uses.includes('table'));
    expect(actions.some((a) => a.startsWith('s3:'))).toBe(uses.includes('avatars') || uses.includes('documents'));
    expect(actions.includes('execute-api:ManageConnections')).toBe(uses.includes('realtime'));
    expect(actions.some((a) => a.startsWith('lambda:'))).toBe(uses.includes('channelProcessor'));
    // Readings of a website run on the crawl state machine (workflows/crawl-site.asl.json).
    expect(actions.includes('states:StartExecution')).toBe(uses.includes('crawler') || uses.includes('workflowRunner'));
  });
});

describe('stage', () => {
  const stages = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage')).filter(
    (s) => (s.Properties?.ApiId as { Ref?: string }).Ref === apiId,
  );

  it('is the auto-deployed $default stage with a throttle and access logs', () => {
    expect(stages).toHaveLength(1);
    const props = stages[0]?.Properties ?? {};
    expect(props).toMatchObject({ StageName: '$default', AutoDeploy: true });
    const defaults = props.DefaultRouteSettings as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
    expect(defaults.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(defaults.ThrottlingBurstLimit).toBeGreaterThan(0);
    expect(props.AccessLogSettings).toMatchObject({ DestinationArn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } });
  });

  it('throttles each public route below the API-wide limit', () => {
    const props = stages[0]?.Properties ?? {};
    const defaults = props.DefaultRouteSettings as { ThrottlingRateLimit: number };
    const perRoute = props.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const publicKeys = [...routes.filter((r) => !isSignedIn(r.access)).map((r) => `${r.method} ${r.path}`), '$default'];
    expect(Object.keys(perRoute).sort()).toEqual(publicKeys.sort());
    for (const key of publicKeys) expect(perRoute[key]?.ThrottlingRateLimit).toBeLessThan(defaults.ThrottlingRateLimit);
  });
});

describe('CORS', () => {
  it('answers preflight for the dashboard origins with the headers the client sends', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: origins,
        AllowHeaders: Match.arrayWith(['authorization', 'content-type']),
        AllowMethods: Match.arrayWith(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      }),
    });
  });
});
