import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { untilMessagesCounted, type CountedRecord } from '../support/table-stream.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');
const FALLBACK = DEFAULT_CONVERSATION_SETTINGS.fallbackMessage;
const COUNTERS = ['messages_day', 'replies_day', 'response_ms_day', 'fallbacks_day', 'unresolved_day', 'escalated_day', 'conversations_website_day'] as const;

/** The day totals of an assistant's counters, summed over the days given, as the stream consumer wrote them. */
async function dayTotals(chatbotId: string, days: readonly string[]) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const totals = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<(typeof COUNTERS)[number], number>;
    for (const day of days) {
      const { data } = await db().entities.analyticsDay.get({ chatbot_id: chatbotId, day }).go({ consistent: true });
      for (const counter of COUNTERS) totals[counter] += (data?.[counter] as number | undefined) ?? 0;
    }
    return totals;
  });
}

/** Hands records to count-chat-messages as the event source mapping would: one batch of one shard. */
async function deliver(shardId: string, records: readonly CountedRecord['event'][]) {
  return withRuntimeEnv(env, async () => {
    const { handler } = await import('../../functions/count-chat-messages/handler.js');
    return handler({ shardId, Records: records } as never, undefined as never);
  });
}

const byShard = (records: readonly CountedRecord[]) => {
  const shards = new Map<string, CountedRecord['event'][]>();
  for (const record of records) shards.set(record.shardId, [...(shards.get(record.shardId) ?? []), record.event]);
  return shards;
};

describe('analytics counted from the stored messages (table stream)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config);

  it('counts every visitor message and reply exactly once, also when batches are delivered again', async () => {
    const { chatbotId, owner } = fixture;
    const visitors = Array.from({ length: 3 }, () => chatVisitor(apiUrl, chatbotId));
    const asked = [
      ...(await Promise.all(visitors.map((v) => v.ask('What are your opening hours?')))),
      ...(await Promise.all(visitors.map((v) => v.ask('Do you deliver to Chicago?')))),
      await visitors[0]!.ask('Do you deliver to the moon?'),
      await visitors[1]!.ask('I want to speak to human staff'),
    ];
    expect(asked.map((r) => r.status)).toEqual(Array(8).fill(200));
    const fallbacks = asked.filter((r) => r.body.message === FALLBACK).length;
    expect(fallbacks).toBeGreaterThan(0);
    // Fallbacks in two conversations (visitor 0 twice), a handoff in visitor 1's.
    const unresolvedConversations = new Set(asked.filter((r) => r.body.message === FALLBACK || r.body.transferRequested).map((r) => r.body.conversationId)).size;

    const records = await untilMessagesCounted(env, chatbotId);
    expect(records.filter((r) => r.counts.kind === 'visitor')).toHaveLength(8);
    expect(records.filter((r) => r.counts.kind === 'reply')).toHaveLength(8);
    const days = [...new Set(records.map((r) => r.counts.at.slice(0, 10)))];
    const counted = await dayTotals(chatbotId, days);
    expect(counted).toMatchObject({
      messages_day: 8,
      replies_day: 8,
      fallbacks_day: fallbacks,
      unresolved_day: unresolvedConversations,
      escalated_day: 1,
      conversations_website_day: 3,
    });
    const { body: figures } = await owner.get(`/chatbots/${chatbotId}/analytics?timeRange=7d`);
    expect(figures).toMatchObject({ totalConversations: 3, totalMessages: 8, fallbackAnswers: fallbacks, activeUsers: 3 });

    // The same records again: each shard's whole run at once, then its halves (a bisection), then the first half again.
    for (const [shardId, events] of byShard(records)) {
      const half = Math.ceil(events.length / 2);
      await deliver(shardId, events);
      await deliver(shardId, events.slice(0, half));
      await deliver(shardId, events.slice(half));
      await deliver(shardId, events.slice(0, half));
    }
    expect(await dayTotals(chatbotId, days)).toEqual(counted);
    expect((await owner.get(`/chatbots/${chatbotId}/analytics?timeRange=7d`)).body).toMatchObject({
      totalConversations: 3,
      totalMessages: 8,
      fallbackAnswers: fallbacks,
      resolutionRate: figures.resolutionRate,
      escalationRate: figures.escalationRate,
      avgResponseTime: figures.avgResponseTime,
    });
  });

  it('adds only the records past what was added, when a batch delivered again overlaps new ones', async () => {
    // An assistant of its own, unknown to the table: these records exist only in the batches given here.
    const chatbotId = `stream-test-${randomUUID()}`;
    const shardId = `shardId-test-${randomUUID()}`;
    const at = new Date().toISOString();
    const record = (sequence: number, kind: 'visitor' | 'reply') => ({
      eventID: randomUUID(),
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: String(1_000_000 + sequence),
        NewImage: marshall({
          conversation_id: `conversation-${sequence}`,
          message_id: randomUUID(),
          counts:
            kind === 'visitor'
              ? { kind, chatbot_id: chatbotId, at, channel: 'website', new_conversation: sequence === 1 }
              : { kind, chatbot_id: chatbotId, at, response_ms: 100, outcome: 'answered' },
        }) as never,
      },
    });
    const records = Array.from({ length: 10 }, (_, i) => record(i + 1, i % 2 ? 'reply' : 'visitor'));
    const day = [at.slice(0, 10)];

    await deliver(shardId, records.slice(0, 4));
    expect(await dayTotals(chatbotId, day)).toMatchObject({ messages_day: 2, replies_day: 2, response_ms_day: 200, conversations_website_day: 1 });
    // A retry from an earlier point: records 3 and 4 were added, 5 to 8 were not.
    await deliver(shardId, records.slice(2, 8));
    expect(await dayTotals(chatbotId, day)).toMatchObject({ messages_day: 4, replies_day: 4, response_ms_day: 400 });
    // Delivered again whole, and then past its end.
    await deliver(shardId, records.slice(0, 8));
    await deliver(shardId, records);
    expect(await dayTotals(chatbotId, day)).toMatchObject({ messages_day: 5, replies_day: 5, response_ms_day: 500, conversations_website_day: 1 });
    // Records that carry no counts (another item, a change of a message) count nothing.
    await deliver(shardId, [{ ...record(11, 'visitor'), eventName: 'MODIFY' }, { eventID: randomUUID(), eventName: 'INSERT', dynamodb: { SequenceNumber: '1000012', NewImage: marshall({ message_id: 'x' }) as never } }]);
    expect(await dayTotals(chatbotId, day)).toMatchObject({ messages_day: 5, replies_day: 5 });
  });

  it('refuses an event that names no shard, adding nothing', async () => {
    await expect(deliver(undefined as never, [])).rejects.toThrow(/names no shard/);
  });
});
