import { describe, expect, it } from 'vitest';
import { scheduleExpression } from '../../../functions/core/workflows/schedules.js';
import { nextFireTime } from '../../../local/services/schedule-times.js';

describe('workflow schedules', () => {
  it('are written as EventBridge Scheduler expressions, read in their time zone', () => {
    expect(scheduleExpression({ repeat: 'once', date: '2027-01-04', time: '08:00', timezone: 'Asia/Tokyo' })).toBe('at(2027-01-04T08:00:00)');
    expect(scheduleExpression({ repeat: 'daily', time: '09:05', timezone: 'UTC' })).toBe('cron(5 9 * * ? *)');
    expect(scheduleExpression({ repeat: 'weekly', days: ['mon', 'sun'], time: '18:30', timezone: 'UTC' })).toBe('cron(30 18 ? * MON,SUN *)');
  });

  it('fire locally when Scheduler would, in the time zone of the schedule', () => {
    const after = Date.parse('2026-11-25T15:00:00Z'); // a Wednesday
    const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
    expect(iso(nextFireTime('cron(30 9 * * ? *)', 'America/New_York', after))).toBe('2026-11-26T14:30:00.000Z');
    expect(iso(nextFireTime('cron(30 9 ? * MON,FRI *)', 'Europe/London', after))).toBe('2026-11-27T09:30:00.000Z');
    expect(iso(nextFireTime('at(2026-12-01T08:00:00)', 'Asia/Tokyo', after))).toBe('2026-11-30T23:00:00.000Z');
    expect(nextFireTime('at(2026-11-01T08:00:00)', 'Asia/Tokyo', after)).toBeUndefined();
    // Summer time: 09:30 in London is 08:30 UTC in July.
    expect(iso(nextFireTime('cron(30 9 * * ? *)', 'Europe/London', Date.parse('2026-07-01T12:00:00Z')))).toBe('2026-07-02T08:30:00.000Z');
  });
});
