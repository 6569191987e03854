import type { AnalyticsRange, AnalyticsResult } from '../../contracts/analytics.js';
import { ProviderFailure, llmConfigured, openAiAnswer } from '../chat/openai-responder.js';
import { log } from '../runtime/log.js';

type Figures = Omit<AnalyticsResult, 'summary' | 'summaryBy'>;

const PERIOD: Record<AnalyticsRange, string> = { '7d': 'the last 7 days', '30d': 'the last 30 days', '90d': 'the last 90 days', '1y': 'the last year' };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** Longest model summary kept (a short paragraph). */
const MAX_SUMMARY_CHARS = 600;

/** The period told in sentences from the figures alone: what the owner sees without a model key (and when the model fails). */
export function figuresSummary(figures: Figures): string {
  const period = PERIOD[figures.timeRange];
  if (figures.totalConversations === 0) {
    const demo = figures.demo.views ? ` Your demo page was viewed ${plural(figures.demo.views, 'time')}.` : '';
    return `No visitor conversations in ${period}.${demo}`;
  }
  const parts = [
    `In ${period}, ${plural(figures.activeUsers, 'visitor')} started ${plural(figures.totalConversations, 'conversation')} and sent ${plural(figures.totalMessages, 'message')}.`,
  ];
  if (figures.resolutionRate !== null && figures.escalationRate !== null) {
    parts.push(`${figures.resolutionRate}% of conversations were resolved by the assistant; ${figures.escalationRate}% were handed to a person.`);
  }
  if (figures.satisfactionScore !== null) parts.push(`Ratings average ${figures.satisfactionScore}% satisfaction.`);
  const top = figures.commonQuestions[0];
  if (top) parts.push(`The most asked question was “${top.question}” (${plural(top.frequency, 'time')}).`);
  if (figures.fallbackAnswers > 0) {
    const gap = figures.topIssues.find((issue) => issue.reason === 'no_answer');
    parts.push(`${plural(figures.fallbackAnswers, 'question')} got the fallback answer${gap ? `, most often “${gap.issue}”` : ''}.`);
  }
  return parts.join(' ');
}

const SYSTEM = [
  "You write a short summary (at most 3 sentences) of a business assistant's analytics for its owner.",
  'Use only the figures given; never invent a number, a question or a cause.',
  'Say what went well, what visitors asked that the assistant could not answer, and the one thing to do next.',
].join(' ');

/**
 * The Insights tab's summary: with a model key, written by the model from the figures and question lists;
 * without one (or when the model fails), the figures told in sentences, marked as such.
 */
export async function periodSummary(figures: Figures): Promise<Pick<AnalyticsResult, 'summary' | 'summaryBy'>> {
  if (llmConfigured() && figures.totalConversations > 0) {
    const { chatbotId: _id, hourlyActivity: _hours, weeklyTrend: _trend, ...told } = figures;
    try {
      const summary = await openAiAnswer({ system: SYSTEM, history: [], question: JSON.stringify(told), temperature: 0.2, maxCharacters: MAX_SUMMARY_CHARS });
      return { summary: summary.slice(0, MAX_SUMMARY_CHARS), summaryBy: 'model' };
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      log.warn('Analytics summary: the model failed; the figures are told instead', { chatbotId: figures.chatbotId, error: error.message });
    }
  }
  return { summary: figuresSummary(figures), summaryBy: 'figures' };
}
