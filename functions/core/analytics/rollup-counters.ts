import { analyticsChannels, type AnalyticsChannel } from '../../contracts/analytics.js';

/**
 * What is counted when messages, feedback, ratings, transfers and demo events are written. Each counter
 * is kept per hour in one item per assistant per UTC day (`<counter>_<HH>` attributes, created by the
 * first ADD), so a year of figures reads at most 366 items and any time zone's days and hours can be
 * rebuilt from the UTC hours.
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

/** The ElectroDB attributes of the day item: every counter at every hour, all optional numbers. */
export const hourlyCounterAttributes = Object.fromEntries(
  rollupCounters.flatMap((counter) => HOURS.map((hour) => [hourlyAttribute(counter, hour), { type: 'number' as const }])),
) as Record<HourlyAttribute, { type: 'number' }>;
