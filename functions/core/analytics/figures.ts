import {
  FAST_RESPONSE_MS,
  PERFORMANCE_WEIGHTS,
  SLOW_RESPONSE_MS,
  analyticsChannels,
  type AnalyticsResult,
} from '../../contracts/analytics.js';
import { addDays, daysBetween, type LocalClock, type LocalHour } from './local-time.js';
import {
  HOURS,
  conversationCounter,
  conversationsHourAttribute,
  dayTotalAttribute,
  hasDayTotals,
  hourlyAttribute,
  rollupCounters,
  type RollupCounter,
} from './rollup-counters.js';

/** A stored day item: its UTC day and whichever hourly counters were ever added to. */
export type RollupDay = { day: string } & Partial<Record<string, unknown>>;

type Totals = Record<RollupCounter, number>;

const attributeCounter = new Map(
  rollupCounters.flatMap((counter) => HOURS.map((hour) => [hourlyAttribute(counter, hour), { counter, hour }] as const)),
);
const conversationCounters = new Set<RollupCounter>(analyticsChannels.map(conversationCounter));

const numberOr0 = (value: unknown) => (typeof value === 'number' ? value : 0);

const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1(Math.min(100, Math.max(0, (100 * part) / whole))) : null);

export type RollupFigures = Pick<
  AnalyticsResult,
  | 'totalConversations'
  | 'totalMessages'
  | 'avgResponseTime'
  | 'satisfactionScore'
  | 'resolutionRate'
  | 'escalationRate'
  | 'performanceScore'
  | 'ratings'
  | 'fallbackAnswers'
  | 'channelBreakdown'
  | 'hourlyActivity'
  | 'trendUnit'
  | 'weeklyTrend'
  | 'demo'
  | 'voiceSessions'
>;

/** Speed part of the performance score: 100 up to FAST_RESPONSE_MS, 0 from SLOW_RESPONSE_MS, a line between. */
export function speedScore(avgResponseMs: number): number {
  if (avgResponseMs <= FAST_RESPONSE_MS) return 100;
  if (avgResponseMs >= SLOW_RESPONSE_MS) return 0;
  return (100 * (SLOW_RESPONSE_MS - avgResponseMs)) / (SLOW_RESPONSE_MS - FAST_RESPONSE_MS);
}

/** contracts/analytics.ts figureDefinitions.performanceScore; null without conversations. */
export function performanceScore(parts: {
  resolutionRate: number | null;
  satisfactionScore: number | null;
  escalationRate: number | null;
  avgResponseTime: number | null;
}): number | null {
  if (parts.resolutionRate === null || parts.escalationRate === null) return null;
  const weighted: [number, number][] = [
    [parts.resolutionRate, PERFORMANCE_WEIGHTS.resolution],
    [100 - parts.escalationRate, PERFORMANCE_WEIGHTS.escalation],
  ];
  if (parts.satisfactionScore !== null) weighted.push([parts.satisfactionScore, PERFORMANCE_WEIGHTS.satisfaction]);
  if (parts.avgResponseTime !== null) weighted.push([speedScore(parts.avgResponseTime), PERFORMANCE_WEIGHTS.speed]);
  const weights = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  return round1(weighted.reduce((sum, [value, weight]) => sum + value * weight, 0) / weights);
}

/**
 * The figures of the owner's days `from`..`to` (YYYY-MM-DD in the clock's zone) from the UTC day items
 * that overlap them: every stored UTC hour is placed in the zone, and counted if its day is in range.
 * A day item wholly in the range may come with its day totals and chart hours only (WHOLE_DAY_ATTRIBUTES).
 */
export function figuresFromRollups(days: readonly RollupDay[], clock: LocalClock, from: string, to: string): RollupFigures {
  const totals = Object.fromEntries(rollupCounters.map((counter) => [counter, 0])) as Totals;
  const hourly = HOURS.map((hour) => ({ hour, conversations: 0, messages: 0 }));
  const dayCount = daysBetween(from, to) + 1;
  const daily = Array.from({ length: dayCount }, () => ({ conversations: 0, messages: 0 }));

  const chart = (key: 'conversations' | 'messages', { date, hour }: LocalHour, value: number) => {
    hourly[hour]![key] += value;
    daily[daysBetween(from, date)]![key] += value;
  };
  for (const item of days) {
    const local = clock.hoursOfUtcDay(item.day);
    // A day wholly in the range, with day totals, counts by them; its hours only place the charts.
    if (local[0]!.date >= from && local[23]!.date <= to && hasDayTotals(item)) {
      for (const counter of rollupCounters) totals[counter] += numberOr0(item[dayTotalAttribute(counter)]);
      for (const hour of HOURS) {
        chart('conversations', local[hour]!, numberOr0(item[conversationsHourAttribute(hour)]));
        chart('messages', local[hour]!, numberOr0(item[hourlyAttribute('messages', hour)]));
      }
      continue;
    }
    for (const [name, value] of Object.entries(item)) {
      const slot = attributeCounter.get(name as never);
      if (!slot || typeof value !== 'number' || !value) continue;
      const { date, hour } = local[slot.hour]!;
      if (date < from || date > to) continue;
      totals[slot.counter] += value;
      const conversation = conversationCounters.has(slot.counter);
      if (conversation || slot.counter === 'messages') chart(conversation ? 'conversations' : 'messages', { date, hour }, value);
    }
  }

  const totalConversations = analyticsChannels.reduce((sum, channel) => sum + totals[conversationCounter(channel)], 0);
  const ratingCount = totals.thumbs_up + totals.thumbs_down + totals.training_ratings;
  const avgResponseTime = totals.replies > 0 ? Math.round(totals.response_ms / totals.replies) : null;
  const satisfactionScore = ratingCount > 0 ? round1((100 * totals.thumbs_up + totals.training_score) / ratingCount) : null;
  const resolutionRate = percent(totalConversations - totals.unresolved, totalConversations);
  const escalationRate = percent(totals.escalated, totalConversations);

  const trendUnit = dayCount > 31 ? 'week' : 'day';
  const weeklyTrend =
    trendUnit === 'day'
      ? daily.map((counts, index) => ({ start: addDays(from, index), days: 1, ...counts }))
      : weeksEndingToday(daily, from);

  return {
    totalConversations,
    totalMessages: totals.messages,
    avgResponseTime,
    satisfactionScore,
    resolutionRate,
    escalationRate,
    performanceScore: performanceScore({ resolutionRate, satisfactionScore, escalationRate, avgResponseTime }),
    ratings: { thumbsUp: totals.thumbs_up, thumbsDown: totals.thumbs_down, training: totals.training_ratings },
    fallbackAnswers: totals.fallbacks,
    channelBreakdown: analyticsChannels.map((channel) => ({ channel, conversations: totals[conversationCounter(channel)] })),
    hourlyActivity: hourly,
    trendUnit,
    weeklyTrend,
    demo: { views: totals.demo_views, interactions: totals.demo_interactions },
    voiceSessions: totals.voice_sessions,
  };
}

/** Seven-day weeks counted back from the last day, so the last point is the last 7 days (the first may be shorter). */
function weeksEndingToday(daily: readonly { conversations: number; messages: number }[], from: string) {
  const weeks: AnalyticsResult['weeklyTrend'] = [];
  for (let end = daily.length; end > 0; end -= 7) {
    const start = Math.max(0, end - 7);
    const slice = daily.slice(start, end);
    weeks.unshift({
      start: addDays(from, start),
      days: slice.length,
      conversations: slice.reduce((sum, d) => sum + d.conversations, 0),
      messages: slice.reduce((sum, d) => sum + d.messages, 0),
    });
  }
  return weeks;
}
