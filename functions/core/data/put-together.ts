import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { inBatchRounds } from './batch-rounds.js';
import { getDocumentClient } from './client.js';

/** A PutItem as ElectroDB builds it: `entity.put(item).params()`, so the keys and attributes stay ElectroDB's. */
export interface ItemPut {
  TableName: string;
  Item: Record<string, unknown>;
}

/**
 * Independent puts of one table, whatever their entities, in one BatchWriteItem (writing again what
 * DynamoDB leaves unprocessed): as getTogether for reads, one request instead of one each.
 */
export async function putTogether(puts: readonly ItemPut[]): Promise<void> {
  const table = puts[0]?.TableName;
  if (!table) return;
  if (puts.some((put) => put.TableName !== table)) throw new Error('putTogether writes one table');
  await inBatchRounds(
    puts.map((put) => ({ PutRequest: { Item: put.Item } })),
    async (requests) => {
      const result = await getDocumentClient().send(new BatchWriteCommand({ RequestItems: { [table]: [...requests] } }));
      return (result.UnprocessedItems?.[table] ?? []) as typeof requests;
    },
  );
}
