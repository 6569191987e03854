import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { resourceEnv } from '../../functions/core/runtime/env.js';
import { baseEnvironment } from '../../lib/constructs/app-function.js';
import { CHANNEL_PROCESSOR_FUNCTION_NAME } from '../../lib/constructs/async-functions.js';
import { allFunctionNames, asyncFunctions, httpRoutes, socketRoutes, type AsyncFunction, type FunctionName, type Resource } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, logicalIdOf, resourcesOfType, roleStatements, synthStack } from './app-template.js';

const { template, stack } = synthStack();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const entries: readonly AsyncFunction[] = asyncFunctions;
const failuresId = logicalIdOf(stack.asyncFunctions.failures);
const siteUrl = {
  'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(stack.web.distribution), 'DomainName'] }]],
};

/** Route table entries of every kind, with what each function uses (a function behind two routes gets both's). */
const usesByName = new Map<string, readonly Resource[]>();
for (const [name, uses] of [
  ...httpRoutes.map((r) => [r.name, r.uses] as const),
  ...socketRoutes.map((r) => [r.name, r.uses] as const),
  ...entries.map((f) => [f.name, f.uses] as const),
]) {
  usesByName.set(name, [...new Set([...(usesByName.get(name) ?? []), ...uses])]);
}

describe.each(entries.map((f) => [f.name, f] as const))('async function %s', (name, entry) => {
  const id = functionId(template, name);
  const fn = resources[id]?.Properties ?? {};

  it('has the timeout and memory of lib/routes.ts', () => {
    expect(fn.Timeout).toBe(entry.timeoutSeconds);
    expect(fn.MemorySize).toBe(entry.memoryMb);
  });

  it('gets exactly the environment its uses imply', () => {
    const expected = [...Object.keys(baseEnvironment(entry.name as FunctionName)), ...entry.uses.flatMap((u) => resourceEnv[u])].sort();
    expect(Object.keys(environmentOf(template, id)).sort()).toEqual(expected);
  });

  it('is integrated with no API route and may not be invoked by API Gateway', () => {
    const integrations = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations.filter((i) => JSON.stringify(i.Properties?.IntegrationUri).includes(`"${id}"`))).toEqual([]);
    const permissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter((p) =>
      JSON.stringify(p.Properties?.FunctionName).includes(`"${id}"`),
    );
    expect(permissions).toEqual([]);
  });

  it('is not retried by Lambda, and failed invocations go to the failures queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: id },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failuresId, 'Arn'] } } },
    });
    const send = roleStatements(template, id).filter((s) => actionsOf([s]).includes('sqs:SendMessage'));
    expect(send.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [failuresId, 'Arn'] }]);
  });
});

describe('failures queue', () => {
  it('is encrypted, accepts TLS only and keeps records 14 days', () => {
    expect(resources[failuresId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: failuresId }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });
});

const processorCallers = [...usesByName].filter(([, uses]) => uses.includes('channelProcessor')).map(([name]) => name);

describe('channelProcessor resource', () => {
  const processorId = functionId(template, CHANNEL_PROCESSOR_FUNCTION_NAME);

  it('is used by channel-webhook only', () => {
    expect(processorCallers).toEqual(['channel-webhook']);
  });

  it('channel-webhook knows process-channel-webhook by name and may invoke exactly that function', () => {
    const id = functionId(template, 'channel-webhook');
    expect(environmentOf(template, id).CHANNEL_PROCESSOR_FUNCTION_NAME).toEqual({ Ref: processorId });
    const invoke = roleStatements(template, id).filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    expect(invoke).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [processorId, 'Arn'] } })]);
  });
});

const indexerCallers = [...usesByName].filter(([, uses]) => uses.includes('knowledgeIndexer')).map(([name]) => name);

describe('knowledgeIndexer resource', () => {
  it('is used by the routes that change knowledge', () => {
    expect(indexerCallers.sort()).toEqual([
      'create-knowledge-entry',
      'delete-knowledge-entry',
      'generate-faqs-from-website',
      'process-document',
      'set-knowledge-entry-active',
      'update-knowledge-entry',
    ]);
  });

  it.each(indexerCallers)('%s knows reindex-knowledge by name and may invoke exactly one function, by its ARN', (name) => {
    const id = functionId(template, name);
    expect(environmentOf(template, id).KNOWLEDGE_INDEXER_FUNCTION_NAME).toBeDefined();
    const invoke = roleStatements(template, id).filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    expect(invoke).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction' })]);
    expect(JSON.stringify(invoke[0]!.Resource)).not.toContain('*');
  });
});

describe('crawler resource', () => {
  const callers = [...usesByName].filter(([, uses]) => uses.includes('crawler')).map(([name]) => name);

  it('is used by create-chatbot', () => {
    expect(callers).toContain('create-chatbot');
  });

  it.each(callers)('%s knows the crawl state machine and may start executions of exactly it', (name) => {
    const id = functionId(template, name);
    const arn = environmentOf(template, id).CRAWL_STATE_MACHINE_ARN;
    expect(arn).toEqual({ Ref: expect.stringMatching(/CrawlEngineCrawlSite/) });
    const start = roleStatements(template, id).filter((s) => actionsOf([s]).some((a) => a.startsWith('states:')));
    expect(start).toEqual([expect.objectContaining({ Action: 'states:StartExecution', Resource: arn })]);
  });

  it('no other role of the stack may invoke a function (but the workflow and crawl state machines their tasks)', () => {
    const callerRoles = new Set([
      ...[...processorCallers, ...indexerCallers].map((name) => {
        const fn = resources[functionId(template, name)]?.Properties as { Role: { 'Fn::GetAtt': [string, string] } };
        return fn.Role['Fn::GetAtt'][0];
      }),
      logicalIdOf(stack.workflowEngine.stateMachine.role),
      logicalIdOf(stack.crawlEngine.stateMachine.role),
    ]);
    const invokers = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties?.PolicyDocument).includes('lambda:'))
      .flatMap((p) => (p.Properties?.Roles as { Ref: string }[]).map((r) => r.Ref));
    expect([...new Set(invokers)].sort()).toEqual([...callerRoles].sort());
  });
});

describe('site resource', () => {
  const users = [...usesByName].filter(([, uses]) => uses.includes('site')).map(([name]) => name);

  it('is used by the functions that build public links (create-chatbot, create-avatar-upload)', () => {
    expect(users).toEqual(expect.arrayContaining(['create-chatbot', 'create-avatar-upload']));
  });

  it.each(users)('%s gets PUBLIC_SITE_URL = https:// + the distribution domain, no trailing slash', (name) => {
    expect(environmentOf(template, functionId(template, name)).PUBLIC_SITE_URL).toEqual(siteUrl);
  });

  it.each(allFunctionNames.filter((n) => !users.includes(n)))('%s does not get PUBLIC_SITE_URL', (name) => {
    expect(environmentOf(template, functionId(template, name)).PUBLIC_SITE_URL).toBeUndefined();
  });
});
