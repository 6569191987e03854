import { analyticsChannels, type AnalyticsChannel } from '../../contracts/analytics.js';

/**
 * What is counted when messages, feedback, ratings, transfers and demo events are written. Each counter
 * is kept per hour in one item per assistant per UTC day (`<counter>_<HH>` attributes, created by the
 * first ADD), so a year of figures reads at most 366 items and any time zone's days and hours can be
 * rebuilt from the UTC hours; and per day (below), so the days wholly inside a range are read small.
 */
export const rollupCounters = [
  ...analyticsChannels.map((channel) => `conversations_${channel}` as const),
  /** Visitors' messages. */
  'messages',
  /** Replies and their summed response time (ms). */
  'replies',
  'response_ms',
  /** Replies that were the fallback message. */
  'fallbacks',
  /** Conversations first handed over to a person in this hour. */
  'escalated',
  /** Conversations that first had a handoff, a fallback answer or a thumbs down in this hour. */
  'unresolved',
  /** Thumbs on replies written in this hour. */
  'thumbs_up',
  'thumbs_down',
  /** Training studio ratings and their summed score. */
  'training_ratings',
  'training_score',
  'demo_views',
  'demo_interactions',
  /** Voice AI screen sessions begun (core/voice/voice-sessions.ts). */
  'voice_sessions',
  /**
   * Visitors whose latest message is in this hour: moved to the new hour when they write again
   * (core/analytics/active-visitors.ts), so the visitors active since an instant add up from the hours.
   */
  'active_visitors',
] as const;
export type RollupCounter = (typeof rollupCounters)[number];

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
type Hour = `0${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | `1${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}` | `2${0 | 1 | 2 | 3}`;
export type HourlyAttribute = `${RollupCounter}_${Hour}`;

export const hourlyAttribute = (counter: RollupCounter, hour: number): HourlyAttribute =>
  `${counter}_${String(hour).padStart(2, '0')}` as HourlyAttribute;

export const conversationCounter = (channel: AnalyticsChannel): RollupCounter => `conversations_${channel}`;

/**
 * Each counter's whole-day total (`<counter>_day`) and every channel's conversations per hour
 * (`conversations_HH`), added in the same UpdateItem as the hours: a day wholly inside a range is read
 * with these and `messages_HH` only (WHOLE_DAY_ATTRIBUTES, a fifth of the item), its hours being needed
 * only for the charts, which place each UTC hour in the owner's time zone.
 */
export type DayTotalAttribute = `${RollupCounter}_day`;
export type ConversationsHourAttribute = `conversations_${Hour}`;
export type RollupAttribute = HourlyAttribute | DayTotalAttribute | ConversationsHourAttribute;

export const dayTotalAttribute = (counter: RollupCounter): DayTotalAttribute => `${counter}_day`;
export const conversationsHourAttribute = (hour: number): ConversationsHourAttribute =>
  `conversations_${String(hour).padStart(2, '0')}` as ConversationsHourAttribute;

export const WHOLE_DAY_ATTRIBUTES: readonly RollupAttribute[] = [
  ...rollupCounters.map(dayTotalAttribute),
  ...HOURS.map((hour) => hourlyAttribute('messages', hour)),
  ...HOURS.map(conversationsHourAttribute),
];

const dayTotals = rollupCounters.map(dayTotalAttribute);
/** Written since day totals were (items written before have hours only, and are read whole). */
export const hasDayTotals = (item: object): boolean => dayTotals.some((attribute) => attribute in item);

const conversationCounterNames = new Set<RollupCounter>(analyticsChannels.map(conversationCounter));

/** One addition to a counter in one UTC hour. */
export interface HourIncrement {
  counter: RollupCounter;
  hour: number;
  value: number;
}

/** The day item's attributes one write adds to: each hour, its day total and, for conversations, the all-channel hour (zeros left out). */
export function rollupAttributes(increments: readonly HourIncrement[]): Partial<Record<RollupAttribute, number>> {
  const add: Partial<Record<RollupAttribute, number>> = {};
  const plus = (attribute: RollupAttribute, value: number) => (add[attribute] = (add[attribute] ?? 0) + value);
  for (const { counter, hour, value } of increments) {
    plus(hourlyAttribute(counter, hour), value);
    plus(dayTotalAttribute(counter), value);
    if (conversationCounterNames.has(counter)) plus(conversationsHourAttribute(hour), value);
  }
  for (const [attribute, value] of Object.entries(add) as [RollupAttribute, number][]) if (!value) delete add[attribute];
  return add;
}

/** The ElectroDB attributes of the day item (all optional numbers). */
export const rollupItemAttributes = Object.fromEntries(
  [
    ...rollupCounters.flatMap((counter) => HOURS.map((hour) => hourlyAttribute(counter, hour))),
    ...rollupCounters.map(dayTotalAttribute),
    ...HOURS.map(conversationsHourAttribute),
  ].map((attribute) => [attribute, { type: 'number' as const }]),
) as Record<RollupAttribute, { type: 'number' }>;
