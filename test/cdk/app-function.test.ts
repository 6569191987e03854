import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { AppFunction, applyUses } from '../../lib/constructs/app-function.js';
import { actionsOf, environmentOf, logicalIdOf, roleStatements } from './app-template.js';

/** A function that uses every kind of resource the route table can name, in a stack of its own. */
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new Stack(app, 'FunctionStack');
const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
table.addGlobalSecondaryIndex({ indexName: 'gsi1', partitionKey: { name: 'gsi1pk', type: AttributeType.STRING } });
const avatars = new Bucket(stack, 'Avatars');
const documents = new Bucket(stack, 'Documents');
const channelProcessor = new LambdaFunction(stack, 'Processor', {
  code: Code.fromInline('export const handler = async () => {};'),
  handler: 'index.handler',
  runtime: Runtime.NODEJS_22_X,
});
const site = 'https://d111111abcdef8.cloudfront.net';
const fn = applyUses(
  new AppFunction(stack, 'Fn', { name: 'health' }),
  ['table', 'avatars', 'documents', 'site', 'channelProcessor'],
  { table, avatars, documents, site, channelProcessor },
);
const template = Template.fromStack(stack);
const fnId = logicalIdOf(fn);
const statements = roleStatements(template, fnId);

describe('AppFunction use* helpers', () => {
  it('set the environment variable names of functions/core/runtime/env.ts', () => {
    expect(environmentOf(template, fnId)).toMatchObject({
      TABLE_NAME: { Ref: logicalIdOf(table) },
      AVATARS_BUCKET: { Ref: logicalIdOf(avatars) },
      DOCUMENTS_BUCKET: { Ref: logicalIdOf(documents) },
      PUBLIC_SITE_URL: site,
      CHANNEL_PROCESSOR_FUNCTION_NAME: { Ref: logicalIdOf(channelProcessor) },
    });
  });

  it('grant invoke on the invoked function itself, without the <arn>:* wildcard of grantInvoke', () => {
    const invoke = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    expect(invoke).toEqual([
      expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [logicalIdOf(channelProcessor), 'Arn'] } }),
    ]);
  });

  it('grant object-level S3 actions on each used bucket, without wildcard actions', () => {
    const s3Actions = actionsOf(statements).filter((a) => a.startsWith('s3:'));
    expect([...new Set(s3Actions)].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    for (const bucket of [avatars, documents]) {
      const objects = JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIdOf(bucket), 'Arn'] }, '/*']] });
      expect(statements.some((s) => JSON.stringify(s.Resource).includes(objects))).toBe(true);
    }
  });

  it('grant item-level DynamoDB actions, no table administration', () => {
    const dynamo = actionsOf(statements).filter((a) => a.startsWith('dynamodb:'));
    expect(dynamo).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']));
    const itemLevel = new Set(
      ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'DescribeTable', 'GetItem', 'GetRecords', 'GetShardIterator', 'PutItem', 'Query', 'Scan', 'UpdateItem'].map(
        (a) => `dynamodb:${a}`,
      ),
    );
    expect(dynamo.filter((a) => !itemLevel.has(a))).toEqual([]);
  });

  it('write logs only to the function log group', () => {
    const logs = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')));
    expect(logs).toHaveLength(1);
    expect(actionsOf(logs).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(logs[0]?.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^FnLogs/), 'Arn'] });
  });

  it('acknowledge exactly the wildcards they create, so cdk-nag finds nothing else on the role', () => {
    const violations = new AwsSolutionsChecks(app)
      .validateScope(fn.role ?? fn)
      .violations.map((v) => v.ruleName);
    expect(violations).toEqual([]);
  });
});

describe('applyUses', () => {
  it('refuses a resource the construct was not given, naming the function and the resource', () => {
    const other = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Other');
    const lonely = new AppFunction(other, 'Lonely', { name: 'health' });
    expect(() => applyUses(lonely, ['documents'], {})).toThrow(/health uses 'documents'/);
    expect(() => applyUses(lonely, ['crawler'], {})).toThrow(/health uses 'crawler'/);
    expect(() => applyUses(lonely, ['site'], {})).toThrow(/health uses 'site'/);
  });
});
