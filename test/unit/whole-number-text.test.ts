import { describe, expect, it } from 'vitest';
import { wholeNumberText } from '../../functions/contracts/whole-number-text.js';
import { DEFAULT_TRANSFER_SETTINGS, transferSettingsSchema } from '../../functions/contracts/transfers.js';

describe('wholeNumberText', () => {
  it("writes whole numbers as toLocaleString('en') does", () => {
    const values = [0, 7, 42, 999, 1000, 2000, 12_500, 100_000, 999_999, 1_000_000, 86_400_000, Number.MAX_SAFE_INTEGER];
    for (const value of [...values, ...values.map((v) => -v)]) expect(wholeNumberText(value)).toBe(value.toLocaleString('en'));
  });

  it('leaves other numbers to toLocaleString', () => {
    for (const value of [1.5, 1234.5678, 1e21, Number.NaN]) expect(wholeNumberText(value)).toBe(value.toLocaleString('en'));
  });
});

describe('transfer settings time zone', () => {
  it('accepts the default UTC as a known zone, and still asks about others', () => {
    expect(DEFAULT_TRANSFER_SETTINGS.time_zone).toBe('UTC');
    expect(transferSettingsSchema.safeParse(DEFAULT_TRANSFER_SETTINGS).success).toBe(true);
    expect(transferSettingsSchema.safeParse({ ...DEFAULT_TRANSFER_SETTINGS, time_zone: 'Europe/London' }).success).toBe(true);
    expect(transferSettingsSchema.safeParse({ ...DEFAULT_TRANSFER_SETTINGS, time_zone: 'Mars/Olympus' }).success).toBe(false);
  });
});
