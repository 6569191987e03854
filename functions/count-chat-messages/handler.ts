import type { DynamoDBStreamEvent } from 'aws-lambda';
import { countStoredMessages, type TableStreamRecord } from '../core/analytics/stream-counting.js';
import { observed } from '../core/runtime/observability.js';

/**
 * The table stream's consumer (Lambda event source mapping, filtered to inserted messages carrying
 * counts): adds a batch of visitors' messages and replies to the analytics counters. The mapping's
 * tumbling window is there for the `shardId` it adds to each event: the counters remember, per
 * shard, the last record they added (core/analytics/stream-counting.ts); no state is kept across
 * invocations, so the window's state is returned empty.
 */
export const handler = observed(async (event: DynamoDBStreamEvent & { shardId?: string }): Promise<{ state: Record<string, never> }> => {
  if (!event.shardId) throw new Error('The stream event names no shard: the event source mapping needs its tumbling window');
  await countStoredMessages(event.shardId, event.Records as TableStreamRecord[]);
  return { state: {} };
});
