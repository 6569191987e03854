import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { socketAuthorizer, socketRoutes } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, logicalIdOf, resourcesOfType, roleStatements, synthStack } from './app-template.js';

const { template, stack } = synthStack();
const apiId = logicalIdOf(stack.realtime.api);
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const routes = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).filter(
  (r) => (r.Properties?.ApiId as { Ref?: string }).Ref === apiId,
);
const routeByKey = new Map(routes.map((r) => [r.Properties?.RouteKey as string, r.Properties ?? {}]));

/** Logical id of the function behind a Lambda integration or authorizer URI. */
function functionInUri(uri: unknown): string | undefined {
  const parts = (uri as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  const getAtt = parts.find((p): p is { 'Fn::GetAtt': [string, string] } => typeof p === 'object' && p !== null && 'Fn::GetAtt' in p);
  return getAtt?.['Fn::GetAtt'][0];
}

function functionOfRoute(routeKey: string): string | undefined {
  const target = (routeByKey.get(routeKey)?.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  const integration = resources[(target[1] as { Ref: string }).Ref];
  return functionInUri(integration?.Properties.IntegrationUri);
}

describe('WebSocket API', () => {
  it('is a WebSocket API with exactly the routes of lib/routes.ts', () => {
    expect(resources[apiId]?.Properties).toMatchObject({ ProtocolType: 'WEBSOCKET' });
    expect([...routeByKey.keys()].sort()).toEqual(socketRoutes.map((r) => r.routeKey).sort());
  });

  it('authorizes $connect with the Lambda REQUEST authorizer reading ?token=', () => {
    const authorizers = Object.entries(resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer')).filter(
      ([, a]) => (a.Properties?.ApiId as { Ref?: string }).Ref === apiId,
    );
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0] ?? [];
    expect(authorizer?.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    expect(functionInUri(authorizer?.Properties?.AuthorizerUri)).toBe(functionId(template, socketAuthorizer.name));
    expect(routeByKey.get('$connect')).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: authorizerId } });
  });

  it.each(socketRoutes.map((r) => [r.routeKey, r.name]))('%s calls %s', (routeKey, name) => {
    expect(functionOfRoute(routeKey)).toBe(functionId(template, name));
  });

  it('lets API Gateway invoke the authorizer', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [functionId(template, socketAuthorizer.name), 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
    });
  });

  it('has the auto-deployed stage live, with a throttle and access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId },
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] }, Format: Match.anyValue() },
    });
  });
});

describe('connection management', () => {
  const defaultFn = functionId(template, 'realtime-default');

  it('the $default function may post to and close connections of the live stage only', () => {
    const statements = roleStatements(template, defaultFn).filter((s) => actionsOf([s]).includes('execute-api:ManageConnections'));
    expect(statements).toHaveLength(1);
    const resource = JSON.stringify(statements[0]?.Resource);
    expect(resource).toContain(`{"Ref":"${apiId}"}`);
    expect(resource).toContain('/live/*/@connections/*');
  });

  it('the $default function knows the https management endpoint of the stage', () => {
    expect(environmentOf(template, defaultFn).REALTIME_ENDPOINT).toEqual({
      'Fn::Join': ['', ['https://', { Ref: apiId }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/live']],
    });
  });

  it.each(['realtime-connect', 'realtime-disconnect', socketAuthorizer.name])('%s cannot manage connections', (name) => {
    expect(actionsOf(roleStatements(template, functionId(template, name)))).not.toContain('execute-api:ManageConnections');
  });

  it('the authorizer knows the pool, client and issuer to verify tokens', () => {
    expect(Object.keys(environmentOf(template, functionId(template, socketAuthorizer.name)))).toEqual(
      expect.arrayContaining(['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'TOKEN_ISSUER']),
    );
  });
});
