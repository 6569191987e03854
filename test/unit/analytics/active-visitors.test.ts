import { describe, expect, it } from 'vitest';
import { activityHour, visitorsCountedSince } from '../../../functions/core/analytics/active-visitors.js';

describe('active users from the hour each visitor is counted in', () => {
  // Three visitors last wrote on the 22nd at 17:xx, 18:xx and 23:xx UTC; one on the 23rd at 00:xx.
  // A fourth moved from 18:xx on the 22nd to 00:xx on the 23rd: -1 there, +1 here.
  const days = [
    { day: '2026-11-22', active_visitors_17: 1, active_visitors_18: 2 - 1, active_visitors_23: 1, messages_18: 9 },
    { day: '2026-11-23', active_visitors_00: 1 + 1 },
  ];

  it('adds up the hours that start at or after the instant', () => {
    expect(visitorsCountedSince(days, Date.parse('2026-11-22T17:00:00Z'))).toBe(5);
    expect(visitorsCountedSince(days, Date.parse('2026-11-22T18:00:00Z'))).toBe(4);
    expect(visitorsCountedSince(days, Date.parse('2026-11-23T00:00:00Z'))).toBe(2);
    expect(visitorsCountedSince(days, Date.parse('2026-11-23T01:00:00Z'))).toBe(0);
  });

  it('leaves an hour the range starts inside of to the visitor index (India starts its days at :30)', () => {
    // 18:30 UTC is midnight in Kolkata: the 18:xx hour is not summed, whoever in it wrote after 18:30.
    expect(visitorsCountedSince(days, Date.parse('2026-11-22T18:30:00Z'))).toBe(3);
  });

  it('counts a visitor in the UTC hour of their last message', () => {
    expect(activityHour('2026-11-22T18:59:59.999Z')).toBe('2026-11-22T18');
  });
});
