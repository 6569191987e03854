import { analyticsRanges, type AnalyticsQuery, type AnalyticsResult } from '../../contracts/analytics.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { visitorsActiveInFirstHour, visitorsCountedSince } from './active-visitors.js';
import { figuresFromRollups, type RollupDay } from './figures.js';
import { LocalClock, addDays, daysBetween, utcDate } from './local-time.js';
import { WHOLE_DAY_ATTRIBUTES, hasDayTotals } from './rollup-counters.js';
import { periodSummary } from './period-summary.js';
import { questionInsights } from './question-insights.js';
import type { LoggedQuestion } from './question-groups.js';

/** The newest questions of the period that the question lists are made from (bounded reads on any range). */
export const QUESTIONS_EXAMINED = 1000;

/** Days read by one query at most: a year is read by four at once. */
const DAYS_PER_QUERY = 92;

/**
 * The day items from `fromUtcDay` to `toUtcDay`: the first and last whole (the range starts inside the
 * first, and the last's hours may reach past the owner's today), those between with their day totals and
 * chart hours only (a fifth of the item); one written before day totals existed is read whole.
 */
async function rollupDays(chatbotId: string, fromUtcDay: string, toUtcDay: string): Promise<RollupDay[]> {
  const entity = db().entities.analyticsDay;
  const whole = async (days: string[]) =>
    days.length ? ((await entity.get(days.map((day) => ({ chatbot_id: chatbotId, day }))).go()).data as RollupDay[]) : [];
  const inner = async (from: string, to: string) => {
    const { data } = await entity.query
      .byChatbot({ chatbot_id: chatbotId })
      .between({ day: from }, { day: to })
      .go({ pages: 'all', attributes: ['day', ...WHOLE_DAY_ATTRIBUTES] });
    return data as RollupDay[];
  };
  const innerDays = Math.max(0, daysBetween(fromUtcDay, toUtcDay) - 1);
  const parts = Array.from({ length: Math.ceil(innerDays / DAYS_PER_QUERY) }, (_, i) => {
    const from = addDays(fromUtcDay, 1 + i * DAYS_PER_QUERY);
    return inner(from, addDays(from, Math.min(DAYS_PER_QUERY, innerDays - i * DAYS_PER_QUERY) - 1));
  });
  const [edges, ...between] = await Promise.all([whole([...new Set([fromUtcDay, toUtcDay])]), ...parts]);
  const read = between.flat();
  const older = await whole(read.filter((item) => !hasDayTotals(item)).map((item) => item.day));
  return [...edges, ...read.filter((item) => hasDayTotals(item)), ...older];
}

async function loggedQuestions(chatbotId: string, since: string, until: string): Promise<LoggedQuestion[]> {
  const { data } = await db()
    .entities.message.query.byChatbotQuestions({ chatbot_id: chatbotId })
    .between({ answered_at: since }, { answered_at: until })
    .go({ order: 'desc', count: QUESTIONS_EXAMINED, attributes: ['question', 'conversation_id', 'outcome', 'feedback', 'content'] });
  return data.map((reply) => ({
    question: reply.question ?? '',
    conversationId: reply.conversation_id,
    outcome: reply.outcome ?? 'other',
    feedback: reply.feedback,
    answer: reply.content,
  }));
}

/**
 * analyze-chatbot-performance: an assistant's figures (for whoever may read it: its owner or its team) over the range's days in the owner's
 * time zone, from the hourly rollups (at most 366 day items, active users included) and the newest
 * questions of the period.
 */
export async function analyzeChatbotPerformance(caller: Caller, chatbotId: string, query: AnalyticsQuery, now = new Date()): Promise<AnalyticsResult> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  const clock = new LocalClock(query.timeZone);
  const to = clock.at(now.getTime()).date;
  const from = addDays(to, 1 - analyticsRanges[query.timeRange]);
  const start = clock.startOf(from);
  const since = new Date(start).toISOString();
  const [days, firstHourVisitors, questions] = await Promise.all([
    rollupDays(chatbotId, utcDate(start), utcDate(now.getTime())),
    visitorsActiveInFirstHour(chatbotId, start),
    loggedQuestions(chatbotId, since, now.toISOString()),
  ]);
  const figures = figuresFromRollups(days, clock, from, to);
  const activeUsers = firstHourVisitors + visitorsCountedSince(days, start);
  const result = {
    chatbotId,
    businessName: bot.business_name,
    timeRange: query.timeRange,
    timeZone: query.timeZone,
    from,
    to,
    activeUsers,
    ...figures,
    ...questionInsights(questions, figures),
    questionsExamined: questions.length,
  };
  return { ...result, ...(await periodSummary(result)) };
}
