import * as z from 'zod';
import { conversationChannels, type ConversationChannel } from './inbox.js';

/** Spec 001 section 9: the analytics time ranges, in days ending today (the owner's today). */
export const analyticsRanges = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type AnalyticsRange = keyof typeof analyticsRanges;
export const analyticsRangeKeys = Object.keys(analyticsRanges) as AnalyticsRange[];

/** The channels a conversation can come from (spec 001 "conversation".channel): the breakdown has one row each. */
export const analyticsChannels = conversationChannels;
export type AnalyticsChannel = ConversationChannel;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /chatbots/{id}/analytics (analyze-chatbot-performance). Spec 001 sends chatbotId, businessName and
 * timeRange in a body; the assistant is the path's, its name the server's own, and the owner's time zone
 * (the browser's) decides which hour and day each message falls in.
 */
export const analyticsQuerySchema = z.object({
  timeRange: z.enum(analyticsRangeKeys as [AnalyticsRange, ...AnalyticsRange[]], 'timeRange must be one of 7d, 30d, 90d, 1y').default('30d'),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/London')
    .default('UTC'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** What a suggestion's button does: open the Knowledge dialog with the question, or correct a reply. */
export const suggestionActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add_knowledge'), question: z.string() }),
  z.object({ type: z.literal('correct_answer'), question: z.string(), answer: z.string() }),
]);
export type SuggestionAction = z.infer<typeof suggestionActionSchema>;

export const analyticsResultSchema = z.object({
  chatbotId: z.string(),
  businessName: z.string(),
  timeRange: z.enum(analyticsRangeKeys as [AnalyticsRange, ...AnalyticsRange[]]),
  timeZone: z.string(),
  /** First local day of the range and today, YYYY-MM-DD in timeZone. */
  from: z.string(),
  to: z.string(),
  totalConversations: z.number(),
  activeUsers: z.number(),
  totalMessages: z.number(),
  /** Milliseconds; null without replies. */
  avgResponseTime: z.number().nullable(),
  /** Percentages 0-100; null when there is nothing to compute them from. */
  satisfactionScore: z.number().nullable(),
  resolutionRate: z.number().nullable(),
  escalationRate: z.number().nullable(),
  performanceScore: z.number().nullable(),
  ratings: z.object({ thumbsUp: z.number(), thumbsDown: z.number(), training: z.number() }),
  fallbackAnswers: z.number(),
  topIssues: z.array(z.object({ issue: z.string(), count: z.number(), reason: z.enum(['no_answer', 'rated_unhelpful']) })),
  channelBreakdown: z.array(z.object({ channel: z.enum(analyticsChannels), conversations: z.number() })),
  /** 24 entries, hour 0-23 of the owner's day. */
  hourlyActivity: z.array(z.object({ hour: z.number(), conversations: z.number(), messages: z.number() })),
  /** Days for 7d and 30d, weeks (the last one ending today) for 90d and 1y. */
  trendUnit: z.enum(['day', 'week']),
  weeklyTrend: z.array(z.object({ start: z.string(), days: z.number(), conversations: z.number(), messages: z.number() })),
  commonQuestions: z.array(z.object({ question: z.string(), frequency: z.number(), avgRating: z.number().nullable() })),
  improvementSuggestions: z.array(z.object({ text: z.string(), action: suggestionActionSchema.optional() })),
  demo: z.object({ views: z.number(), interactions: z.number() }),
  voiceSessions: z.number(),
  /** The period in a few sentences: written by the model with an AI provider key, else told from the figures (summaryBy). */
  summary: z.string().nullable(),
  summaryBy: z.enum(['model', 'figures']).nullable(),
  /** How many of the period's questions the question lists were made from (the newest ones). */
  questionsExamined: z.number(),
});
export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;

/** The performance score's parts and weights; a part with nothing to measure gives its weight to the others. */
export const PERFORMANCE_WEIGHTS = { resolution: 0.4, satisfaction: 0.3, escalation: 0.15, speed: 0.15 } as const;
/** Average response times at or below this score 100 for speed, falling in a line to 0 at SLOW_RESPONSE_MS. */
export const FAST_RESPONSE_MS = 2000;
export const SLOW_RESPONSE_MS = 10_000;
/** Spec 001: an escalation rate of at most this is good. */
export const GOOD_ESCALATION_RATE = 10;

/**
 * THE definitions of the figures: the server computes exactly this (core/analytics/figures.ts) and the
 * screen shows these words in each figure's tooltip.
 */
export const figureDefinitions = {
  totalConversations:
    "Conversations visitors started in the period, on every channel. Your own test chats and Training studio chats are not counted.",
  activeUsers: 'Different visitors (contacts) who sent at least one message in the period.',
  totalMessages: "Visitors' messages in the period (each is answered by one reply).",
  avgResponseTime: "The assistant's mean time from receiving a message to its reply being ready.",
  satisfactionScore:
    'The mean of every rating in the period, as a percentage: a thumbs up counts 100, a thumbs down 0, a Training studio rating its score (20, 60, 85 or 100). Thumbs count in the hour of the reply they rate.',
  resolutionRate:
    'Conversations of the period that ended without a handoff to a person, a fallback answer ("I don\'t know") or a thumbs down, as a share of all its conversations.',
  escalationRate: 'Conversations handed over to a person (an escalation trigger or the visitor saying yes to a handoff), as a share of all conversations. At most 10% is good.',
  performanceScore: `One number for the period: resolution rate × ${PERFORMANCE_WEIGHTS.resolution} + satisfaction × ${PERFORMANCE_WEIGHTS.satisfaction} + (100 − escalation rate) × ${PERFORMANCE_WEIGHTS.escalation} + speed × ${PERFORMANCE_WEIGHTS.speed}, where speed is 100 for an average reply within ${FAST_RESPONSE_MS / 1000} s, falling to 0 at ${SLOW_RESPONSE_MS / 1000} s. Without ratings, satisfaction's weight is shared by the other parts.`,
  fallbackAnswers: "Replies that were the fallback message: questions the assistant's knowledge did not answer.",
  channelBreakdown: 'Conversations visitors started on each channel in the period (website chat, WhatsApp, Instagram, Messenger, SMS, voice).',
  hourlyActivity: "Visitors' messages and new conversations by the hour of the day they arrived, in your time zone.",
  weeklyTrend: 'Conversations and messages per day (7 and 30 days) or per week ending today (90 days and a year).',
  commonQuestions:
    "Visitors' questions grouped by meaning the way the assistant matches questions (word stems and everyday synonyms), with how often they were asked and the mean thumbs rating of their answers.",
  topIssues: 'Questions the assistant answered with its fallback message or whose answer got a thumbs down, grouped by meaning.',
  demo: 'Views of your public demo page and messages sent from it.',
  voiceSessions:
    'Voice conversations begun on the Voice AI screen in the period. They are talks by you and your team, so their messages are not in the other figures.',
  improvementSuggestions:
    'What to teach the assistant next: the questions it could not answer or whose answers were rated down, most asked first, then what the figures call for.',
} as const;
export type FigureName = keyof typeof figureDefinitions;
