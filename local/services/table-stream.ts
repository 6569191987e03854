import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { setTimeout as delay } from 'node:timers/promises';
import { streamConsumers, type StreamConsumer } from '../../lib/routes.js';
import { lambdaContext, loadHandler } from '../handlers.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';
import { matchesEventPattern } from './event-pattern.js';

/** Lambda polls a stream's shards four times a second. */
const POLL_MS = 250;
/** Attempts of one batch before it is bisected (and of one record before it is given up). */
const ATTEMPTS = 3;
/** Shards are listed again this often (DynamoDB closes and opens shards over time). */
const SHARD_REFRESH_MS = 5_000;

interface ShardState {
  shard: Shard;
  iterator?: string;
  /** The last record read: a lost iterator starts again after it. */
  lastSequence?: string;
  done: boolean;
}

export interface TableStream {
  /** Resolves once every shard was read to its end after this call, and what it held was delivered. */
  caughtUp(): Promise<void>;
  /** Calls of the Streams API so far (the chat bench counts them per turn beside the table's). */
  calls(): number;
  stop(): Promise<void>;
}

type Event = ReturnType<typeof lambdaEvent>;

/** A stream record as Lambda's event source mapping hands it to a function (creation time in epoch seconds). */
function lambdaRecord(record: StreamRecord, streamArn: string) {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? LOCAL_REGION,
    dynamodb: { ...record.dynamodb, ...(created && { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) }) },
    eventSourceARN: streamArn,
  };
}

/** The event of a batch: Lambda's, with the tumbling window's fields (the consumers read `shardId`). */
function lambdaEvent(records: ReturnType<typeof lambdaRecord>[], shardId: string, streamArn: string) {
  const now = new Date();
  return {
    Records: records,
    shardId,
    eventSourceARN: streamArn,
    window: { start: now.toISOString(), end: new Date(now.getTime() + 900_000).toISOString() },
    state: {},
    isFinalInvokeForWindow: false,
    isWindowTerminatedEarly: false,
  };
}

/**
 * The local event source mappings of the table's stream (lib/routes.ts `streamConsumers`): polls each
 * shard of DynamoDB Local's stream in order, parents before their children, passes the records that
 * match a consumer's filter to its handler in batches of its size, and on an error does what the
 * CDK's mapping does (lib/constructs/message-counting.ts): tries again, then bisects the batch; a
 * single record that still fails is given up and logged (AWS's failure destination is a queue).
 */
export async function startTableStream(options: {
  endpoint: string;
  tableName: string;
  consumers?: readonly StreamConsumer[];
  /** Told of each call of the Streams API (the thread that polls counts them where its starter reads them). */
  countCall?: () => void;
}): Promise<TableStream> {
  const consumers = options.consumers ?? streamConsumers;
  const clientOptions = { endpoint: options.endpoint, region: LOCAL_REGION, credentials: localCredentials };
  const dynamo = new DynamoDBClient(clientOptions);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient(clientOptions);
  let calls = 0;
  streams.middlewareStack.add(
    (next) => (args) => {
      calls++;
      options.countCall?.();
      return next(args);
    },
    { step: 'initialize', name: 'streamCallCounter' },
  );
  const shards = new Map<string, ShardState>();
  const readLimit = Math.min(1000, Math.max(...consumers.map((c) => c.batchSize)));
  const batchingWindowMs = Math.max(POLL_MS, ...consumers.map((c) => c.batchingWindowSeconds * 1000));
  let listedAt = 0;
  let stopped = false;
  let waiters: (() => void)[] = [];

  const listShards = async () => {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of StreamDescription?.Shards ?? []) {
        if (shard.ShardId && !shards.has(shard.ShardId)) shards.set(shard.ShardId, { shard, done: false });
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    listedAt = Date.now();
  };

  const invoke = async (consumer: StreamConsumer, event: Event): Promise<void> => {
    const handler = await loadHandler(consumer.name as Parameters<typeof loadHandler>[0]);
    await handler(event, lambdaContext(consumer.name));
  };

  const deliver = async (consumer: StreamConsumer, records: Event['Records'], shardId: string): Promise<void> => {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return await invoke(consumer, lambdaEvent(records, shardId, streamArn));
      } catch (error) {
        if (attempt === ATTEMPTS) {
          if (records.length > 1) {
            const half = Math.ceil(records.length / 2);
            await deliver(consumer, records.slice(0, half), shardId);
            return deliver(consumer, records.slice(half), shardId);
          }
          console.error(`${consumer.name} gave up a stream record of shard ${shardId}:`, records[0]?.dynamodb?.SequenceNumber, error);
          return;
        }
        await delay(50 * attempt);
      }
    }
  };

  /** Reads one page of a shard; answers how many records it read. */
  const readShard = async (state: ShardState): Promise<number> => {
    const shardId = state.shard.ShardId!;
    state.iterator ??= (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ...(state.lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.lastSequence } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      )
    ).ShardIterator;
    if (!state.iterator) {
      state.done = true;
      return 0;
    }
    const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: readLimit }));
    const events = Records.map((record) => lambdaRecord(record, streamArn));
    for (const consumer of consumers) {
      const matching = events.filter((record) => matchesEventPattern(consumer.filter, record));
      for (let i = 0; i < matching.length; i += consumer.batchSize) await deliver(consumer, matching.slice(i, i + consumer.batchSize), shardId);
    }
    if (Records.length) state.lastSequence = Records.at(-1)?.dynamodb?.SequenceNumber;
    state.iterator = NextShardIterator;
    if (!NextShardIterator) state.done = true;
    return Records.length;
  };

  const poll = async () => {
    while (!stopped) {
      let read = false;
      let full = false;
      try {
        if (Date.now() - listedAt > SHARD_REFRESH_MS) await listShards();
        for (const state of shards.values()) {
          const parent = state.shard.ParentShardId && shards.get(state.shard.ParentShardId);
          if (state.done || (parent && !parent.done)) continue;
          const records = await readShard(state);
          read ||= records > 0;
          full ||= records >= readLimit;
        }
      } catch (error) {
        if (stopped) break;
        // An iterator that expired or a shard trimmed away: start again from the last record read.
        for (const state of shards.values()) delete state.iterator;
        console.error('Reading the table stream failed; trying again:', error);
        read = true;
      }
      if (!read) {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
      }
      // Records are gathered for the consumers' batching window, as the mapping does; a full read goes on at once.
      if (!stopped && !full) await delay(read ? batchingWindowMs : POLL_MS);
    }
  };
  const polling = poll();

  return {
    calls: () => calls,
    caughtUp: () =>
      new Promise<void>((resolve) => {
        // The round in progress may have read before the caller's writes: wait for one that starts after.
        waiters.push(() => waiters.push(resolve));
      }),
    stop: async () => {
      stopped = true;
      await polling;
      streams.destroy();
    },
  };
}
