import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { untilMessagesCounted } from '../support/table-stream.js';
import { chatVisitor, newSourceAddress } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');
const FALLBACK = DEFAULT_CONVERSATION_SETTINGS.fallbackMessage;
const ZONE = 'America/New_York';

const localFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** "YYYY-MM-DD HH:MM" in New York. */
const wallClock = (ms: number) => {
  const p = Object.fromEntries(localFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
};
const todayInZone = () => wallClock(Date.now()).slice(0, 10);
const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The instant it is `hh:mm` in New York `daysAgo` days before today (New York is 4 or 5 hours behind UTC). */
function newYorkTime(daysAgo: number, hh: number, mm: number): Date {
  const date = dayBefore(todayInZone(), daysAgo);
  const wanted = `${date} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
  for (const behind of [4, 5]) {
    const ms = Date.parse(`${date}T00:00:00Z`) + (hh + behind) * 3_600_000 + mm * 60_000;
    if (wallClock(ms) === wanted) return new Date(ms);
  }
  throw new Error(`No instant is ${wanted} in New York`);
}

/** One visitor turn through the chat engine at a chosen time (the write path the public route runs). */
async function chatAt(chatbotId: string, contactId: string, message: string, at: Date, ownerId?: string) {
  const caller = ownerId === undefined ? undefined : { userId: ownerId, email: '', businessName: '', groups: [], action: 'edit' as const };
  return withRuntimeEnv(env, async () => {
    const { chat } = await import('../../functions/core/chat/chat-engine.js');
    const outcome = await chat({ chatbotId, contactId, message, caller, countTurn: async () => undefined }, at);
    if ('error' in outcome) throw new Error(outcome.error);
    return outcome;
  });
}

describe('analytics from a seeded history (New York time)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config);
  let analytics: (range: string, zone?: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const replies: Record<string, string> = {};
  /** New York hours of today's two visitors' turns (they share the chart with the seeded ones). */
  const liveHours: number[] = [];

  beforeAll(async () => {
    const { chatbotId, owner } = fixture;
    analytics = (range, zone = ZONE) => owner.get(`/chatbots/${chatbotId}/analytics?timeRange=${range}&timeZone=${encodeURIComponent(zone)}`);
    const seeded: [string, string, Date][] = [
      ['a', 'What are your opening hours?', newYorkTime(2, 9, 30)],
      ['a', 'Do you deliver to Chicago?', newYorkTime(2, 9, 31)],
      ['b', 'Will you deliver to Chicago tomorrow?', newYorkTime(1, 14, 10)],
      ['c', 'I want to speak to human staff', newYorkTime(1, 14, 20)],
      // 23:30 in New York is the next day in UTC: outside the 7 New York days, inside the 30.
      ['g', 'What are your opening hours?', newYorkTime(7, 23, 30)],
      ['h', 'Do you have gluten-free products?', newYorkTime(40, 10, 0)],
    ];
    for (const [contact, message, at] of seeded) {
      replies[`${contact}:${message}`] = (await chatAt(chatbotId, `seed-${contact}-${chatbotId}`, message, at)).message;
    }
    // The owner's own test chat is not a visitor's conversation.
    const ownerId = (await owner.get('/account')).body.profile.user_id as string;
    await chatAt(chatbotId, `owner:${ownerId}:test`, 'Do you deliver to Chicago?', newYorkTime(1, 9, 0), ownerId);

    // Today, through the public routes: two visitors, one rates up, one down; a Training studio rating; a demo visit.
    const rated = async (rating: 'up' | 'down') => {
      const visitor = chatVisitor(apiUrl, chatbotId);
      const reply = await visitor.ask('Do you have gluten-free products?');
      liveHours.push(Number(wallClock(Date.now()).slice(11, 13)));
      expect((await visitor.rate(reply.body, rating)).status).toBe(200);
    };
    await rated('up');
    await rated('down');
    expect((await owner.post(`/chatbots/${chatbotId}/training-records`, { user_message: 'Hi', ai_response: 'Hello', score: 60 })).status).toBe(201);
    const demo = (event_type: string) =>
      fetch(`${apiUrl}/demo/analytics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newSourceAddress() },
        body: JSON.stringify({ chatbot_id: chatbotId, event_type, session_id: 'analytics-test' }),
      });
    expect((await demo('demo_view')).status).toBe(200);
    expect((await demo('demo_interaction')).status).toBe(200);
    // Messages are counted from the table's stream, off the turn.
    await untilMessagesCounted(env, chatbotId);
  });

  it('the seeded questions were answered as the history needs (answers, fallbacks, a handoff)', () => {
    expect(replies['a:What are your opening hours?']).not.toBe(FALLBACK);
    expect(replies['a:Do you deliver to Chicago?']).toBe(FALLBACK);
    expect(replies['b:Will you deliver to Chicago tomorrow?']).toBe(FALLBACK);
    expect(replies['c:I want to speak to human staff']).toMatch(/human agent/);
  });

  it('7 days: counts, rates, score, channels, hourly buckets and days in the owner time zone', async () => {
    const { status, body } = await analytics('7d');
    expect(status).toBe(200);
    const today = todayInZone();
    // No model key here: the summary tells the figures, and says it is not the model's.
    expect(body.summaryBy).toBe('figures');
    expect(body.summary).toMatch(/^In the last 7 days, 5 visitors started 5 conversations and sent 6 messages\. /);
    expect(body.summary).toContain('2 questions got the fallback answer');
    expect(body).toMatchObject({
      chatbotId: fixture.chatbotId,
      timeRange: '7d',
      timeZone: ZONE,
      from: dayBefore(today, 6),
      to: today,
      // a, b, c and today's two visitors; g (a week ago at 23:30), h and the owner are not in it.
      totalConversations: 5,
      activeUsers: 5,
      totalMessages: 6,
      fallbackAnswers: 2,
      ratings: { thumbsUp: 1, thumbsDown: 1, training: 1 },
      // (100 + 0 + 60) / 3
      satisfactionScore: 53.3,
      // Unresolved: a and b (fallback), c (handoff), today's thumbs down.
      resolutionRate: 20,
      escalationRate: 20,
      channelBreakdown: [
        { channel: 'website', conversations: 5 },
        { channel: 'whatsapp', conversations: 0 },
        { channel: 'instagram', conversations: 0 },
        { channel: 'messenger', conversations: 0 },
        { channel: 'sms', conversations: 0 },
        { channel: 'voice', conversations: 0 },
      ],
      demo: { views: 1, interactions: 1 },
      trendUnit: 'day',
    });
    // Replies of the offline responder take well under 2 s: speed 100. 20*0.4 + 53.33*0.3 + 80*0.15 + 100*0.15
    expect(body.avgResponseTime).toBeLessThan(2000);
    expect(body.performanceScore).toBe(51);
    expect(body.hourlyActivity).toHaveLength(24);
    const live = (hour: number) => liveHours.filter((h) => h === hour).length;
    expect(body.hourlyActivity[9]).toEqual({ hour: 9, conversations: 1 + live(9), messages: 2 + live(9) });
    expect(body.hourlyActivity[14]).toEqual({ hour: 14, conversations: 2 + live(14), messages: 2 + live(14) });
    expect(body.hourlyActivity[23]).toEqual({ hour: 23, conversations: live(23), messages: live(23) });
    expect(body.weeklyTrend).toHaveLength(7);
    expect(body.weeklyTrend.map((d: { start: string }) => d.start)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => dayBefore(today, n)));
    expect(body.weeklyTrend.slice(0, 4).every((d: { conversations: number }) => d.conversations === 0)).toBe(true);
    expect(body.weeklyTrend[4]).toMatchObject({ conversations: 1, messages: 2 });
    expect(body.weeklyTrend[5]).toMatchObject({ conversations: 2, messages: 2 });
    expect(body.weeklyTrend[6]).toMatchObject({ conversations: 2, messages: 2 });
  });

  it('longer ranges take in the older conversations; a year is weeks ending today', async () => {
    expect((await analytics('30d')).body).toMatchObject({ totalConversations: 6, activeUsers: 6, totalMessages: 7 });
    const quarter = (await analytics('90d')).body;
    expect(quarter).toMatchObject({ totalConversations: 7, activeUsers: 7, trendUnit: 'week' });
    const late = liveHours.filter((h) => h === 23).length;
    expect(quarter.hourlyActivity[23]).toEqual({ hour: 23, conversations: 1 + late, messages: 1 + late });
    const year = (await analytics('1y')).body;
    expect(year.weeklyTrend).toHaveLength(53);
    expect(year.weeklyTrend.at(-1)).toMatchObject({ days: 7, start: dayBefore(todayInZone(), 6), conversations: 5 });
    expect(year.weeklyTrend.reduce((sum: number, w: { conversations: number }) => sum + w.conversations, 0)).toBe(7);
  });

  it('groups the paraphrased unanswered question and suggests teaching it, with the question for the Knowledge dialog', async () => {
    const { body } = await analytics('7d');
    expect(body.topIssues[0]).toEqual({ issue: 'Do you deliver to Chicago?', count: 2, reason: 'no_answer' });
    expect(body.topIssues).toContainEqual({ issue: 'Do you have gluten-free products?', count: 1, reason: 'rated_unhelpful' });
    expect(body.commonQuestions).toContainEqual({ question: 'Do you deliver to Chicago?', frequency: 2, avgRating: null });
    expect(body.commonQuestions).toContainEqual({ question: 'Do you have gluten-free products?', frequency: 2, avgRating: 50 });
    expect(body.improvementSuggestions[0]).toEqual({
      text: '2 visitors asked “Do you deliver to Chicago?” (or the like); the assistant had no answer. Add the answer to its knowledge.',
      action: { type: 'add_knowledge', question: 'Do you deliver to Chicago?' },
    });
    expect(body.improvementSuggestions.map((s: { text: string }) => s.text)).toContainEqual(
      expect.stringMatching(/^20% of conversations were handed over to a person/),
    );
  });

  it("another owner's assistant is a 404; a bad range or time zone is a 400", async () => {
    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const res = await other.get(`/chatbots/${fixture.chatbotId}/analytics?timeRange=7d`);
    expect(res).toEqual({ status: 404, body: { error: 'Chatbot not found' } });
    expect((await other.get(`/chatbots/${randomUUID()}/analytics`)).status).toBe(404);
    const bad = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/analytics?timeRange=2y`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/timeRange must be one of 7d, 30d, 90d, 1y/);
    const zone = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/analytics?timeZone=Mars%2FOlympus`);
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatch(/IANA time zone/);
  });
});

describe('rollups under concurrent writes', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config);

  it('match the stored messages, conversations and ratings after visitors write at once', async () => {
    const { chatbotId, owner } = fixture;
    const questions = ['Do you have gluten-free products?', 'What are your opening hours?', 'Do you deliver to Chicago?'];
    const visitors = Array.from({ length: 4 }, () => chatVisitor(apiUrl, chatbotId));
    // Each visitor's first message (which makes their token), then two more at once, and a rating of each first reply at once.
    const firsts = await Promise.all(visitors.map((v) => v.ask(questions[0]!)));
    const rest = await Promise.all(visitors.flatMap((v) => questions.slice(1).map((q) => v.ask(q))));
    const answers = [...firsts, ...rest].map((r) => r.body as { conversationId: string; messageId: string });
    expect([...firsts, ...rest].map((r) => `${r.status} ${r.body.error ?? ''}`)).toEqual(Array(12).fill('200 '));
    await Promise.all(firsts.map((first, i) => visitors[i]!.rate(first.body, i % 2 ? 'up' : 'down')));

    const stored = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      const conversations = [...new Set(answers.map((a) => a.conversationId))];
      const messages = (
        await Promise.all(conversations.map((id) => db().entities.message.query.byConversation({ conversation_id: id }).go({ pages: 'all' })))
      ).flatMap((r) => r.data);
      return {
        conversations: conversations.length,
        visitorMessages: messages.filter((m) => m.sender_type === 'user').length,
        fallbacks: messages.filter((m) => m.sender_type === 'assistant' && m.content === FALLBACK).length,
        up: messages.filter((m) => m.feedback === 'up').length,
        down: messages.filter((m) => m.feedback === 'down').length,
      };
    });
    await untilMessagesCounted(env, chatbotId);
    const { body } = await owner.get(`/chatbots/${chatbotId}/analytics?timeRange=7d`);
    expect(stored.visitorMessages).toBe(12);
    expect(body).toMatchObject({
      totalConversations: stored.conversations,
      activeUsers: 4,
      totalMessages: stored.visitorMessages,
      fallbackAnswers: stored.fallbacks,
      ratings: { thumbsUp: stored.up, thumbsDown: stored.down, training: 0 },
    });
  });
});

/** The instant it is `hh:mm` in Kolkata (+5:30 all year) `daysAgo` days before today there. */
function kolkataTime(daysAgo: number, hh: number, mm: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const date = dayBefore(today, daysAgo);
  return new Date(`${date}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+05:30`);
}

describe('active users in a zone whose days start at half past a UTC hour (Kolkata)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config);

  it('counts each visitor once, by their last message, from its first minute; a deleted conversation leaves it', async () => {
    const { chatbotId, owner } = fixture;
    const contact = (name: string) => `kolkata-${name}-${chatbotId}`;
    const question = 'What are your opening hours?';
    // 00:15 on the first of the 7 days is 18:45 UTC: inside, in the UTC hour the range starts in.
    const inside = await chatAt(chatbotId, contact('inside'), question, kolkataTime(6, 0, 15));
    // 23:45 the evening before is 18:15 UTC, the same UTC hour: outside.
    await chatAt(chatbotId, contact('before'), question, kolkataTime(7, 23, 45));
    // Came back after 10 days (a new conversation): counted once, where they last wrote.
    await chatAt(chatbotId, contact('returning'), question, kolkataTime(12, 10, 0));
    await chatAt(chatbotId, contact('returning'), question, kolkataTime(2, 10, 0));
    // Two messages of one conversation on both sides of a UTC hour (11:20 and 11:40 are 05:50 and 06:10 UTC).
    await chatAt(chatbotId, contact('across'), question, kolkataTime(1, 11, 20));
    await chatAt(chatbotId, contact('across'), 'Do you deliver to Chicago?', kolkataTime(1, 11, 40));

    const activeUsers = async (range: string) =>
      (await owner.get(`/chatbots/${chatbotId}/analytics?timeRange=${range}&timeZone=Asia%2FKolkata`)).body.activeUsers;
    expect(await activeUsers('7d')).toBe(3);
    expect(await activeUsers('30d')).toBe(4);

    expect((await owner.delete(`/conversations/${inside.conversationId}`)).status).toBeLessThan(300);
    expect(await activeUsers('7d')).toBe(2);
    expect(await activeUsers('30d')).toBe(3);
  });
});
