import { analyticsRanges, type AnalyticsQuery, type AnalyticsResult } from '../../contracts/analytics.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { visitorsActiveInFirstHour, visitorsCountedSince } from './active-visitors.js';
import { figuresFromRollups, type RollupDay } from './figures.js';
import { LocalClock, addDays, utcDate } from './local-time.js';
import { questionInsights } from './question-insights.js';
import type { LoggedQuestion } from './question-groups.js';

/** The newest questions of the period that the question lists are made from (bounded reads on any range). */
export const QUESTIONS_EXAMINED = 1000;

async function rollupDays(chatbotId: string, fromUtcDay: string, toUtcDay: string): Promise<RollupDay[]> {
  const { data } = await db()
    .entities.analyticsDay.query.byChatbot({ chatbot_id: chatbotId })
    .between({ day: fromUtcDay }, { day: toUtcDay })
    .go({ pages: 'all' });
  return data as RollupDay[];
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
  return {
    chatbotId,
    businessName: bot.business_name,
    timeRange: query.timeRange,
    timeZone: query.timeZone,
    from,
    to,
    activeUsers,
    ...figures,
    ...questionInsights(questions, figures),
    summary: null,
    questionsExamined: questions.length,
  };
}
