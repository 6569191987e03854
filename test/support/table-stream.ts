import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventually } from './eventually.js';
import { withRuntimeEnv } from './runtime-env.js';

/** One record of the table stream, as the local event source mapping hands it to count-chat-messages. */
export interface CountedRecord {
  shardId: string;
  event: { eventID?: string; eventName?: string; dynamodb: { NewImage?: Record<string, never>; SequenceNumber?: string } };
  counts: { chatbot_id: string; at: string; kind: 'visitor' | 'reply' };
}

/**
 * Every record of the table's stream so far, read from each shard's start, that carries counts for
 * `chatbotId` (an inserted message of a visitor's turn): what the stream consumer was or will be given.
 */
export async function countedRecordsOf(env: Record<string, string>, chatbotId: string): Promise<CountedRecord[]> {
  const options = { endpoint: env.AWS_ENDPOINT_URL_DYNAMODB!, region: env.AWS_REGION!, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! } };
  const dynamo = new DynamoDBClient(options);
  const streams = new DynamoDBStreamsClient(options);
  try {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    const StreamArn = Table!.LatestStreamArn!;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
    const found: CountedRecord[] = [];
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }))).ShardIterator;
      while (iterator) {
        const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        for (const record of Records) {
          const image = record.dynamodb?.NewImage;
          if (record.eventName !== 'INSERT' || !image?.counts) continue;
          const counts = unmarshall(image).counts as CountedRecord['counts'];
          if (counts.chatbot_id !== chatbotId) continue;
          const { ApproximateCreationDateTime: _created, ...dynamodb } = record.dynamodb!;
          found.push({ shardId, event: { eventID: record.eventID, eventName: record.eventName, dynamodb: dynamodb as CountedRecord['event']['dynamodb'] }, counts });
        }
        // An open shard answers an empty page at its end: what was written before this call is read.
        iterator = Records.length ? NextShardIterator : undefined;
      }
    }
    return found;
  } finally {
    dynamo.destroy();
    streams.destroy();
  }
}

/**
 * Waits until the stream consumer has counted every message of `chatbotId`'s visitors' turns stored so
 * far: each day item's mark of each shard (the last sequence number it added) has reached that shard's
 * last record of the assistant for that day. Answers the records it waited for.
 */
export async function untilMessagesCounted(env: Record<string, string>, chatbotId: string): Promise<CountedRecord[]> {
  const records = await countedRecordsOf(env, chatbotId);
  const last = new Map<string, { shardId: string; day: string; sequence: string }>();
  for (const record of records) {
    const day = record.counts.at.slice(0, 10);
    const sequence = record.event.dynamodb.SequenceNumber!.padStart(40, '0');
    const key = `${record.shardId} ${day}`;
    if ((last.get(key)?.sequence ?? '') < sequence) last.set(key, { shardId: record.shardId, day, sequence });
  }
  await withRuntimeEnv(env, async () => {
    const { getDocumentClient } = await import('../../functions/core/data/client.js');
    const { db } = await import('../../functions/core/data/db.js');
    const markOf = async ({ shardId, day }: { shardId: string; day: string }) => {
      const { Key, TableName } = db().entities.analyticsDay.get({ chatbot_id: chatbotId, day }).params() as { Key: Record<string, string>; TableName: string };
      const { Item } = await getDocumentClient().send(new GetCommand({ TableName, Key, ConsistentRead: true }));
      return (Item?.[`stream_${shardId}`] as string | undefined) ?? '';
    };
    await eventually(
      () => Promise.all([...last.values()].map(async (wanted) => ({ ...wanted, mark: await markOf(wanted) }))),
      (marks) => marks.every(({ mark, sequence }) => mark >= sequence),
      `the stream consumer to count the messages of ${chatbotId}`,
    );
  });
  return records;
}
