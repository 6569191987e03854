import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS, type TransferSettings } from '../../../functions/contracts/transfers.js';
import { nextAgentHours } from '../../../functions/core/transfers/availability.js';

const settings = (changes: Partial<TransferSettings>): TransferSettings => ({ ...DEFAULT_TRANSFER_SETTINGS, ...changes });
// 2030-01-07 is a Monday.
const at = (iso: string) => new Date(iso);

describe('agent availability: when a person is back, in the owner\'s time zone', () => {
  it('24/7 is always there', () => {
    expect(nextAgentHours(settings({ agent_availability: '24/7' }), at('2030-01-06T03:00:00Z'))).toBeUndefined();
  });

  it('business hours: Monday to Friday 09:00-17:00', () => {
    const hours = settings({ agent_availability: 'business_hours', time_zone: 'UTC' });
    expect(nextAgentHours(hours, at('2030-01-07T10:00:00Z'))).toBeUndefined();
    expect(nextAgentHours(hours, at('2030-01-07T08:59:00Z'))).toBe('today at 09:00 (UTC)');
    expect(nextAgentHours(hours, at('2030-01-07T17:00:00Z'))).toBe('tomorrow at 09:00 (UTC)');
    // Friday evening: back on Monday.
    expect(nextAgentHours(hours, at('2030-01-11T18:00:00Z'))).toBe('on Monday at 09:00 (UTC)');
  });

  it('reads the clock in the time zone: 08:30 UTC is 17:30 in Tokyo, after hours', () => {
    const tokyo = settings({ agent_availability: 'business_hours', time_zone: 'Asia/Tokyo' });
    expect(nextAgentHours(tokyo, at('2030-01-07T08:30:00Z'))).toBe('tomorrow at 09:00 (Asia/Tokyo time)');
    expect(nextAgentHours(tokyo, at('2030-01-07T01:00:00Z'))).toBeUndefined();
  });

  it('weekdays: all day Monday to Friday, back on Monday from the weekend', () => {
    const weekdays = settings({ agent_availability: 'weekdays', time_zone: 'UTC' });
    expect(nextAgentHours(weekdays, at('2030-01-08T23:30:00Z'))).toBeUndefined();
    expect(nextAgentHours(weekdays, at('2030-01-12T12:00:00Z'))).toBe('on Monday at 00:00 (UTC)');
  });

  it('custom hours: the chosen days and times', () => {
    const custom = settings({ agent_availability: 'custom', time_zone: 'UTC', custom_hours: { days: [6], start: '10:00', end: '14:00' } });
    expect(nextAgentHours(custom, at('2030-01-12T11:00:00Z'))).toBeUndefined();
    expect(nextAgentHours(custom, at('2030-01-12T15:00:00Z'))).toBe('on Saturday at 10:00 (UTC)');
    expect(nextAgentHours(custom, at('2030-01-07T15:00:00Z'))).toBe('on Saturday at 10:00 (UTC)');
  });
});
