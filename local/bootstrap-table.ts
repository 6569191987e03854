import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '../functions/core/data/table-design.js';

const indexDefinition = (index: (typeof tableDesign.globalIndexes)[number]): GlobalSecondaryIndex => ({
  IndexName: index.indexName,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' },
    { AttributeName: index.sortKey, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: 'ALL' },
});

/**
 * Adds the indexes a table made by an older version lacks (one per update, as DynamoDB allows), so
 * the data kept in `.data/` keeps working. Items written before get the new keys when next written.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: readonly string[]): Promise<void> {
  for (const index of tableDesign.globalIndexes.filter((i) => !existing.includes(i.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
  }
}

/** The table's stream, as the CDK data construct declares it: what the stream consumers read (lib/routes.ts `streamConsumers`). */
const tableStream = { StreamEnabled: true, StreamViewType: tableDesign.streamViewType };

/** Creates the single table as the CDK data construct defines it, unless it exists already. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, (Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? ''));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: tableStream }));
    }
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = new Set<string>([
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyNames].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDesign.globalIndexes.map(indexDefinition),
      StreamSpecification: tableStream,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
}
