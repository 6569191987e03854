import { describe, expect, it } from 'vitest';
import { figuresFromRollups, performanceScore, speedScore, type RollupDay } from '../../../functions/core/analytics/figures.js';
import { visitorsCountedSince } from '../../../functions/core/analytics/active-visitors.js';
import { LocalClock, utcDate } from '../../../functions/core/analytics/local-time.js';
import { WHOLE_DAY_ATTRIBUTES, rollupAttributes } from '../../../functions/core/analytics/rollup-counters.js';

describe('local time of UTC hours', () => {
  it('places UTC hours in the zone, across the change from summer to winter time', () => {
    const london = new LocalClock('Europe/London');
    // 2026-10-25: clocks go back at 01:00 UTC (BST +1 to GMT +0).
    const hours = london.hoursOfUtcDay('2026-10-25');
    expect(hours[0]).toEqual({ date: '2026-10-25', hour: 1 });
    expect(hours[1]).toEqual({ date: '2026-10-25', hour: 1 });
    expect(hours[23]).toEqual({ date: '2026-10-25', hour: 23 });
    expect(new LocalClock('America/New_York').hoursOfUtcDay('2026-11-23')[3]).toEqual({ date: '2026-11-22', hour: 22 });
  });

  it('finds the instant a local day starts, also in zones ahead of UTC and with half hours', () => {
    expect(new Date(new LocalClock('America/New_York').startOf('2026-11-23')).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(new Date(new LocalClock('Asia/Tokyo').startOf('2026-11-23')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(new LocalClock('Asia/Kolkata').startOf('2026-11-23')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    // Summer time in New York: 4 hours behind.
    expect(new Date(new LocalClock('America/New_York').startOf('2026-07-01')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });
});

describe('figures from rollup items', () => {
  const clock = new LocalClock('America/New_York');
  // 03:00 UTC on the 23rd is 22:00 on the 22nd in New York; 15:00 UTC is 10:00 on the 23rd.
  const days = [
    { day: '2026-11-23', conversations_website_03: 2, messages_03: 5, conversations_whatsapp_15: 1, messages_15: 1, replies_15: 1, response_ms_15: 3000 },
    { day: '2026-11-24', conversations_website_02: 1, messages_02: 1, unresolved_02: 1, escalated_02: 1, thumbs_down_02: 1, training_ratings_02: 1, training_score_02: 85 },
  ];

  it('counts only the hours whose local day is in the range, by local hour and local day', () => {
    const figures = figuresFromRollups(days, clock, '2026-11-23', '2026-11-23');
    // The 24th 02:00 UTC is the 23rd 21:00 in New York: in range; the 23rd 03:00 UTC is the 22nd: not.
    expect(figures.totalConversations).toBe(2);
    expect(figures.totalMessages).toBe(2);
    expect(figures.channelBreakdown.filter((c) => c.conversations)).toEqual([
      { channel: 'website', conversations: 1 },
      { channel: 'whatsapp', conversations: 1 },
    ]);
    expect(figures.hourlyActivity[10]).toEqual({ hour: 10, conversations: 1, messages: 1 });
    expect(figures.hourlyActivity[21]).toEqual({ hour: 21, conversations: 1, messages: 1 });
    expect(figures.hourlyActivity[22]).toEqual({ hour: 22, conversations: 0, messages: 0 });
    expect(figures.weeklyTrend).toEqual([{ start: '2026-11-23', days: 1, conversations: 2, messages: 2 }]);
    expect(figures).toMatchObject({ resolutionRate: 50, escalationRate: 50, avgResponseTime: 3000, satisfactionScore: 42.5 });
  });

  it('a new assistant has zeros and no rates', () => {
    const figures = figuresFromRollups([], clock, '2026-11-17', '2026-11-23');
    expect(figures).toMatchObject({ totalConversations: 0, resolutionRate: null, escalationRate: null, satisfactionScore: null, performanceScore: null });
    expect(figures.weeklyTrend).toHaveLength(7);
  });

  it('long ranges are weeks counted back from today', () => {
    const figures = figuresFromRollups(days, clock, '2026-08-26', '2026-11-23');
    expect(figures.trendUnit).toBe('week');
    expect(figures.weeklyTrend).toHaveLength(13);
    expect(figures.weeklyTrend[0]).toMatchObject({ start: '2026-08-26', days: 6 });
    expect(figures.weeklyTrend.at(-1)).toMatchObject({ start: '2026-11-17', days: 7, conversations: 4, messages: 7 });
  });
});

describe('performance score', () => {
  it('weighs resolution, satisfaction, escalation and speed; missing ratings give their weight away', () => {
    expect(performanceScore({ resolutionRate: 100, satisfactionScore: 100, escalationRate: 0, avgResponseTime: 500 })).toBe(100);
    expect(performanceScore({ resolutionRate: 80, satisfactionScore: 60, escalationRate: 10, avgResponseTime: 6000 })).toBe(32 + 18 + 13.5 + 7.5);
    expect(performanceScore({ resolutionRate: 80, satisfactionScore: null, escalationRate: 10, avgResponseTime: 1000 })).toBe(
      Math.round(((80 * 0.4 + 90 * 0.15 + 100 * 0.15) / 0.7) * 10) / 10,
    );
    expect(performanceScore({ resolutionRate: null, satisfactionScore: null, escalationRate: null, avgResponseTime: null })).toBeNull();
    expect(speedScore(10_000)).toBe(0);
  });
});

describe('days read with their totals only', () => {
  // Ten days of turns as the writer adds them (hours and day totals), some counters at odd hours.
  const counters = ['conversations_website', 'conversations_whatsapp', 'messages', 'replies', 'response_ms', 'fallbacks', 'thumbs_up', 'active_visitors'] as const;
  const items = Array.from({ length: 10 }, (_, d) => {
    const day = `2026-11-${String(14 + d).padStart(2, '0')}`;
    const increments = counters.flatMap((counter, c) =>
      [1, 4, 13, 22].map((hour) => ({ counter, hour: (hour + c + d) % 24, value: 1 + ((c * 7 + d * 3 + hour) % 5) })),
    );
    return { day, ...rollupAttributes(increments) };
  });
  const wholeOnly = (item: (typeof items)[number]) =>
    Object.fromEntries(Object.entries(item).filter(([name]) => name === 'day' || (WHOLE_DAY_ATTRIBUTES as readonly string[]).includes(name)));

  it('give the same figures as their hours, in a zone behind and one ahead of UTC', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata']) {
      const clock = new LocalClock(zone);
      // As the reader gives them: the UTC days from the range's start to its end (now), the first and
      // last whole, those between with their totals and chart hours only.
      const first = utcDate(clock.startOf('2026-11-15'));
      const last = utcDate(clock.startOf('2026-11-23') - 1);
      const inRange = items.filter((item) => item.day >= first && item.day <= last);
      const read = inRange.map((item) => (item.day === first || item.day === last ? item : wholeOnly(item)));
      const full = figuresFromRollups(inRange, clock, '2026-11-15', '2026-11-22');
      expect(figuresFromRollups(read as RollupDay[], clock, '2026-11-15', '2026-11-22')).toEqual(full);
      expect(full.totalMessages).toBeGreaterThan(0);
    }
  });

  it('add up to the active visitors of their hours', () => {
    const since = Date.parse('2026-11-15T18:30:00Z');
    const read = items.map((item, i) => (i <= 1 ? item : wholeOnly(item)));
    expect(visitorsCountedSince(read as RollupDay[], since)).toBe(visitorsCountedSince(items, since));
    expect(visitorsCountedSince(items, since)).toBeGreaterThan(0);
  });
});
