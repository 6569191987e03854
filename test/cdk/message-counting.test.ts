import { describe, expect, it } from 'vitest';
import { streamConsumers } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, logicalIdOf, resourcesOfType, roleStatements, synthStack } from './app-template.js';

const { template, stack } = synthStack();
const tableId = logicalIdOf(stack.data.table);
const failuresId = logicalIdOf(stack.messageCounting.failures);

describe.each(streamConsumers.map((c) => [c.name, c] as const))('table stream consumer %s', (name, consumer) => {
  const id = functionId(template, name);
  const mappings = Object.values(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')).filter(
    (m) => JSON.stringify(m.Properties?.FunctionName).includes(id),
  );

  it('reads the table stream of new images, from the oldest record kept', () => {
    const table = resourcesOfType(template, 'AWS::DynamoDB::Table')[tableId]!;
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
    });
  });

  it('is invoked with batches of the messages its filter lets through, bisected on error, records given up going to a queue', () => {
    expect(mappings[0]!.Properties).toMatchObject({
      BatchSize: consumer.batchSize,
      MaximumBatchingWindowInSeconds: 1,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 86_400,
      // The window adds the shard id to each event: the counters' marks are per shard.
      TumblingWindowInSeconds: 900,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(consumer.filter) }] },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failuresId, 'Arn'] } } },
    });
  });

  it('may read and update the table items, and nothing else of the table', () => {
    const statements = roleStatements(template, id);
    const tableActions = actionsOf(statements).filter((a) => a.startsWith('dynamodb:'));
    expect(tableActions.sort()).toEqual(
      ['dynamodb:DescribeStream', 'dynamodb:GetItem', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams', 'dynamodb:UpdateItem'].sort(),
    );
    const itemStatement = statements.find((s) => actionsOf([s]).includes('dynamodb:UpdateItem'))!;
    expect(itemStatement.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
    expect(environmentOf(template, id)).toMatchObject({ TABLE_NAME: { Ref: tableId } });
  });
});
