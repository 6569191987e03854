/**
 * Analytics figures (issue 17): `analytics 1y of 100000 messages` (GET analytics for a year on the
 * local runtime; budget 300 ms) and `rollup write overhead p50` (the counter writes of one chat turn;
 * budget 3 ms). Run alone with `npm run bench:analytics`, or as part of `npm run bench`.
 */
import './silent-logs.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../functions/contracts/runtime-config.js';
import { activityHour } from '../functions/core/analytics/active-visitors.js';
import type { ReplyOutcome } from '../functions/core/analytics/chat-turn-analytics.js';
import { countStoredMessages } from '../functions/core/analytics/stream-counting.js';
import { marshall } from '@aws-sdk/util-dynamodb';
import { rollupAttributes, type HourIncrement, type RollupCounter } from '../functions/core/analytics/rollup-counters.js';
import { db } from '../functions/core/data/db.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../local/sample-site.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient } from '../test/support/api-client.js';

const MESSAGES = 100_000;
/** A conversation every 4 messages, a returning visitor for every fifth one: 25,000 conversations, 20,000 visitors. */
const MESSAGES_PER_CONVERSATION = 4;
const VISITORS = 20_000;
/** The read takes the newest 1,000 questions (QUESTIONS_EXAMINED): older replies are never read. */
const LOGGED_QUESTIONS = 1000;
const DAY_MS = 86_400_000;

const TOPICS = ['opening hours', 'gluten-free bread', 'delivery to Chicago', 'birthday cakes', 'parking', 'vegan pastries', 'gift cards', 'catering'];
const PHRASINGS = ['Do you have {t}?', 'What about {t}?', 'Tell me about {t}', 'Can I ask about {t} please?', 'Any information on {t}?'];
const question = (i: number) => PHRASINGS[i % PHRASINGS.length]!.replace('{t}', TOPICS[Math.floor(i / PHRASINGS.length) % TOPICS.length]!);
/** Every tenth reply the fallback, every 50th conversation handed over, every 20th reply rated. */
const outcomeOf = (i: number): ReplyOutcome => (i % 10 === 0 ? 'fallback' : i % 200 === 7 ? 'handoff' : 'answered');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The day items the rollup writer leaves after 100,000 visitor turns spread evenly over the last year:
 * the turns' increments summed per UTC hour and added as the writer adds them (ADD sums the same
 * either way), six hours per update to keep the seeding short.
 */
async function seedRollups(chatbotId: string, now: number): Promise<void> {
  const updates = new Map<string, { day: string; increments: HourIncrement[] }>();
  for (let i = 0; i < MESSAGES; i++) {
    const at = new Date(now - Math.floor((i * 365 * DAY_MS) / MESSAGES));
    const day = at.toISOString().slice(0, 10);
    const block = `${day}/${Math.floor(at.getUTCHours() / 6)}`;
    const entry = updates.get(block) ?? { day, increments: [] };
    updates.set(block, entry);
    const add = (counter: RollupCounter, value: number) => entry.increments.push({ counter, hour: at.getUTCHours(), value });
    const outcome = outcomeOf(i);
    add('messages', 1);
    add('replies', 1);
    add('response_ms', 400 + (i % 900));
    if (i % MESSAGES_PER_CONVERSATION === 0) add('conversations_website', 1);
    if (outcome === 'fallback') add('fallbacks', 1);
    if (outcome !== 'answered' && i % MESSAGES_PER_CONVERSATION === 0) add('unresolved', 1);
    if (outcome === 'handoff') add('escalated', 1);
    if (i % 20 === 0) add(i % 60 === 0 ? 'thumbs_down' : 'thumbs_up', 1);
  }
  const entries = [...updates.values()];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < entries.length) {
        const { day, increments } = entries[next++]!;
        await db().entities.analyticsDay.update({ chatbot_id: chatbotId, day }).add(rollupAttributes(increments)).go({ response: 'none' });
      }
    }),
  );
}

/**
 * The visitors and the newest replies of the question log, as the chat engine stores them: each visitor
 * counted in the hour of their last message (active_visitors of the day items), as the writer leaves them.
 */
async function seedVisitorsAndQuestions(chatbotId: string, now: number): Promise<void> {
  const visitors = Array.from({ length: VISITORS }, (_, i) => {
    const last = new Date(now - Math.floor((i * 365 * DAY_MS) / VISITORS)).toISOString();
    return { chatbot_id: chatbotId, contact_id: `bench-${i}`, conversation_id: randomUUID(), last_message_at: last, active_hour: activityHour(last) };
  });
  await db().entities.visitor.put(visitors).go({ concurrency: 8 });
  const counts = new Map<string, HourIncrement[]>();
  for (const { active_hour: hour } of visitors) {
    const day = hour.slice(0, 10);
    counts.set(day, [...(counts.get(day) ?? []), { counter: 'active_visitors', hour: Number(hour.slice(11, 13)), value: 1 }]);
  }
  const days = [...counts];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < days.length) {
        const [day, increments] = days[next++]!;
        await db().entities.analyticsDay.update({ chatbot_id: chatbotId, day }).add(rollupAttributes(increments)).go({ response: 'none' });
      }
    }),
  );
  const replies = Array.from({ length: LOGGED_QUESTIONS }, (_, i) => {
    const at = new Date(now - i * 60_000).toISOString();
    return {
      conversation_id: `bench-conversation-${Math.floor(i / MESSAGES_PER_CONVERSATION)}`,
      message_id: randomUUID(),
      sender_type: 'assistant' as const,
      content: 'Thank you for asking: here is what we know.',
      created_at: at,
      ...(i % 20 === 0 && { feedback: i % 60 === 0 ? ('down' as const) : ('up' as const) }),
      chatbot_id: chatbotId,
      question: question(i),
      outcome: outcomeOf(i),
      answered_at: at,
    };
  });
  await db().entities.message.put(replies).go({ concurrency: 8 });
}

/**
 * `analytics 1y of 100000 messages`: median of 10 GETs after 2 warm-up ones, through the local HTTP
 * gateway. A refused read (the 10 s limit's 503) is timed too and counted in the line, not thrown.
 */
async function benchAnalyticsRead(apiUrl: string, idToken: string, chatbotId: string): Promise<string> {
  const owner = apiClient(apiUrl, idToken);
  const path = `/chatbots/${chatbotId}/analytics?timeRange=1y&timeZone=${encodeURIComponent('America/New_York')}`;
  const times: number[] = [];
  const failures: number[] = [];
  for (let run = 0; run < 12; run++) {
    const started = performance.now();
    const res = await owner.get(path);
    const ms = performance.now() - started;
    // The seeded year must be what was read: 25,000 conversations (one day at the edge may fall outside).
    if (res.status === 200 && res.body.totalConversations < 24_900) throw new Error(`analytics read ${res.body.totalConversations} conversations`);
    if (res.status === 200 && res.body.activeUsers < VISITORS - 100) throw new Error(`analytics counted ${res.body.activeUsers} active users`);
    if (run < 2) continue;
    times.push(ms);
    if (res.status !== 200) failures.push(res.status);
  }
  const failed = failures.length ? ` (${failures.length} of ${times.length} answered ${[...new Set(failures)].join(', ')})` : '';
  return `analytics 1y of ${MESSAGES} messages: ${median(times).toFixed(1)} ms${failed}`;
}

/**
 * `rollup write overhead p50`: what one visitor turn costs the analytics. A turn writes no counter: its
 * messages carry their counts, and the table stream's consumer adds them up (core/analytics/stream-counting.ts).
 * This times the consumer on 1,000 answered turns (a new conversation every fourth) delivered in batches
 * of 10 turns (20 records, one counter UpdateItem each batch), per turn. None of it is on the turn's path.
 */
async function benchRollupWrite(chatbotId: string): Promise<string> {
  const TURNS_PER_BATCH = 10;
  const times: number[] = [];
  const at = new Date().toISOString();
  const shard = `bench-${randomUUID()}`;
  let sequence = 0;
  const record = (counts: Record<string, unknown>, i: number, kind: string) => ({
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(++sequence),
      NewImage: marshall({ conversation_id: `bench-conversation-${Math.floor(i / MESSAGES_PER_CONVERSATION)}`, message_id: `bench-${kind}-${i}`, counts }),
    },
  });
  for (let batch = 0; batch < 102; batch++) {
    const records = Array.from({ length: TURNS_PER_BATCH }, (_, j) => batch * TURNS_PER_BATCH + j).flatMap((i) => [
      record({ kind: 'visitor', chatbot_id: chatbotId, at, channel: 'website', new_conversation: i % MESSAGES_PER_CONVERSATION === 0 }, i, 'visitor'),
      record({ kind: 'reply', chatbot_id: chatbotId, at, response_ms: 500, outcome: 'answered' }, i, 'reply'),
    ]);
    const started = performance.now();
    await countStoredMessages(shard, records);
    if (batch >= 2) times.push((performance.now() - started) / TURNS_PER_BATCH);
  }
  return `rollup write overhead p50: ${median(times).toFixed(2)} ms per turn, off the turn (stream consumer, batches of ${TURNS_PER_BATCH} turns)`;
}

/** Both figures, for a new owner's assistant on a running local runtime (its env is in process.env). */
export async function benchAnalytics(apiUrl: string, config: RuntimeConfig, siteUrl: string): Promise<string[]> {
  const user = await signUpAndSignIn(config, 'Analytics Bench');
  const created = await apiClient(apiUrl, user.idToken).post('/chatbots', { websiteUrl: siteUrl });
  if (created.status !== 201) throw new Error(`Could not create the analytics assistant: ${JSON.stringify(created.body)}`);
  const chatbotId = created.body.chatbot.id as string;
  const now = Date.now();
  await seedRollups(chatbotId, now);
  await seedVisitorsAndQuestions(chatbotId, now);
  return [await benchAnalyticsRead(apiUrl, user.idToken, chatbotId), await benchRollupWrite(chatbotId)];
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-analytics-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
  const site = await startFixtureSite({ pages: 3, hangingPage: false });
  try {
    for (const line of await benchAnalytics(runtime.apiUrl, runtime.config, site.url)) console.log(line);
  } finally {
    await site.stop();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
