import { describe, expect, it } from 'vitest';
import { domains, httpRoutes, socketRoutes, type Domain } from '../../lib/routes.js';
import { logicalIdOf, logicalIdOfElement, resourcesOfType, synthStack } from './app-template.js';

/**
 * CloudFormation refuses a template of more than 500 resources; `cdk deploy` would fail on AWS while
 * every local test passes. The stack is split into one nested stack per domain to stay well below.
 */
const MAX_RESOURCES_PER_TEMPLATE = 450;
/** What a routed function costs: function, role, policy, log group, permission, integration, route. */
const RESOURCES_PER_ROUTED_FUNCTION = 7;
/** Functions the open issues (11-17) add, by the domain they go to. */
const PLANNED_FUNCTIONS: Readonly<Record<string, number>> = {
  conversations: 8, // inbox and human handoff
  teams: 10,
  channels: 6,
  workflows: 8,
  billing: 5,
  voice: 4,
  analytics: 3,
};

/**
 * Logical ids of the resources that hold data or that clients know by name (URLs, pool and client
 * ids), as deployed before the split, plus the visitor-token and channel-credentials keys added since. A new logical id would make CloudFormation create a new
 * resource: an empty table, new buckets, a new user pool without the users, new API URLs.
 */
const STATEFUL_LOGICAL_IDS: Readonly<Record<string, readonly string[]>> = {
  'AWS::DynamoDB::Table': ['DataTableFDBAD0F2'],
  'AWS::S3::Bucket': ['StorageAccessLogs96FB524C', 'StorageAvatarsC4160766', 'StorageKnowledgeDocuments85AE5274', 'WebSiteBucket1E6F6F45'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  'AWS::Cognito::UserPoolClient': ['AuthDashboardClient81633393'],
  // A new key would stop every visitor token from verifying, or leave every sealed channel credential unreadable.
  'AWS::SecretsManager::Secret': ['ChannelCredentialsKey7CC5CA66', 'VisitorTokenSecretB2FCCB75'],
  'AWS::ApiGatewayV2::Api': ['HttpApi4E1D4184', 'RealtimeApiD4415F9E'],
  'AWS::CloudFront::Distribution': ['WebDistributionCF3E234B'],
};

const OUTPUTS = [
  'ApiUrl',
  'RealtimeUrl',
  'SiteUrl',
  'UserPoolId',
  'UserPoolClientId',
  'TableName',
  'AvatarsBucket',
  'DocumentsBucket',
  'CrawlStateMachineArn',
  'AsyncFailuresQueueUrl',
  'StreamFailuresQueueUrl',
];

const { app, stack, templates } = synthStack();
const appTemplate = templates.get('app');
const domainNames = Object.keys(domains) as Domain[];
const countOf = (name: string) => Object.keys(templates.get(name)?.toJSON().Resources ?? {}).length;
const functionsOf = (name: string) => Object.keys(resourcesOfType(templates.get(name)!, 'AWS::Lambda::Function')).length;
/** The parameters the app stack passes a domain stack, by name. */
const parametersPassed = (domain: Domain) => {
  const nestedId = logicalIdOfElement(stack.domains.get(domain)?.nestedStackResource);
  return (appTemplate?.toJSON().Resources[nestedId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
};
const parameterValue = (domain: Domain, parameter: string) => parametersPassed(domain)[parameter];

describe('stack layout', () => {
  it('is one stack to deploy, with one nested stack per domain of lib/routes.ts', () => {
    expect(app.synth().stacks.map((s) => s.stackName)).toEqual([stack.stackName]);
    expect([...stack.domains.keys()].sort()).toEqual([...domainNames].sort());
    expect(Object.keys(resourcesOfType(appTemplate!, 'AWS::CloudFormation::Stack'))).toHaveLength(domainNames.length);
  });

  it.each(['app', ...domainNames])('the %s template has at most 450 resources', (name) => {
    console.log(`resources in the ${name} template: ${countOf(name)} (${functionsOf(name)} functions)`);
    expect(countOf(name)).toBeLessThanOrEqual(MAX_RESOURCES_PER_TEMPLATE);
  });

  it.each(domainNames)('the %s stack has room for the functions the open issues plan for it', (domain) => {
    // Measured, in case a domain's functions cost more than the estimate.
    const perFunction = Math.max(RESOURCES_PER_ROUTED_FUNCTION, Math.ceil(countOf(domain) / functionsOf(domain)));
    const planned = (PLANNED_FUNCTIONS[domain] ?? 0) * perFunction;
    expect(countOf(domain) + planned).toBeLessThanOrEqual(MAX_RESOURCES_PER_TEMPLATE);
  });

  it('the app stack has room for the nested stacks of the planned domains', () => {
    const newDomains = Object.keys(PLANNED_FUNCTIONS).filter((d) => !domainNames.includes(d as Domain));
    expect(countOf('app') + newDomains.length).toBeLessThanOrEqual(MAX_RESOURCES_PER_TEMPLATE);
  });

  it('the app stack keeps the logical ids of its stateful resources, and no domain stack has one', () => {
    for (const [type, ids] of Object.entries(STATEFUL_LOGICAL_IDS)) {
      expect(Object.keys(resourcesOfType(appTemplate!, type)).sort(), type).toEqual([...ids].sort());
      for (const domain of domainNames) expect(Object.keys(resourcesOfType(templates.get(domain)!, type)), `${type} in ${domain}`).toEqual([]);
    }
  });

  it('the app stack keeps its outputs', () => {
    expect(Object.keys(appTemplate?.toJSON().Outputs ?? {}).sort()).toEqual([...OUTPUTS].sort());
  });
});

describe('routes across the stacks', () => {
  const apis = new Map([
    [JSON.stringify({ Ref: logicalIdOf(stack.httpApi.api) }), 'http'],
    [JSON.stringify({ Ref: logicalIdOf(stack.realtime.api) }), 'socket'],
  ]);
  /** Route keys of a template, each with its API (`http GET /account`); a domain stack names the API by a parameter. */
  const routesIn = (name: string) =>
    Object.values(resourcesOfType(templates.get(name)!, 'AWS::ApiGatewayV2::Route')).map((r) => {
      const apiId = r.Properties?.ApiId as { Ref: string };
      const api = name === 'app' ? apiId : parameterValue(name as Domain, apiId.Ref);
      return `${apis.get(JSON.stringify(api)) ?? 'unknown'} ${r.Properties?.RouteKey as string}`;
    });

  it('the app stack has only the HTTP fallback route', () => {
    expect(routesIn('app')).toEqual(['http $default']);
  });

  it.each(domainNames)('the %s stack has exactly the routes lib/routes.ts gives it', (domain) => {
    const expected = [
      ...httpRoutes.filter((r) => r.domain === domain).map((r) => `http ${r.method} ${r.path}`),
      ...socketRoutes.filter((r) => r.domain === domain).map((r) => `socket ${r.routeKey}`),
    ];
    expect(routesIn(domain).sort()).toEqual(expected.sort());
  });

  it('every route of lib/routes.ts is in exactly one stack', () => {
    const all = ['app', ...domainNames].flatMap(routesIn);
    for (const key of [...httpRoutes.map((r) => `http ${r.method} ${r.path}`), ...socketRoutes.map((r) => `socket ${r.routeKey}`)]) {
      expect(all.filter((k) => k === key), key).toHaveLength(1);
    }
  });

  it('the HTTP stage, whose throttles name the public routes, is deployed after the domain stacks', () => {
    const stage = appTemplate?.toJSON().Resources[logicalIdOf(stack.httpApi.stage)] as { DependsOn: string[] };
    for (const nested of stack.domains.values()) expect(stage.DependsOn).toContain(logicalIdOfElement(nested.nestedStackResource));
  });
});

describe('references between the stacks', () => {
  it.each(domainNames)('the %s stack gives nothing back to the app stack (no outputs, so no cycle)', (domain) => {
    expect(templates.get(domain)?.toJSON().Outputs ?? {}).toEqual({});
  });

  it.each(domainNames)('the %s stack gets every parameter it declares from the app stack, and only those', (domain) => {
    const declared = Object.keys(templates.get(domain)?.toJSON().Parameters ?? {});
    expect(declared.sort()).toEqual(Object.keys(parametersPassed(domain)).sort());
    // CDK names the parameters it adds for references it resolves itself `referenceto...`: none here.
    expect(declared.filter((p) => p.startsWith('referenceto'))).toEqual([]);
  });
});
