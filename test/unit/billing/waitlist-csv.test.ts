import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../../functions/contracts/waitlist.js';
import { waitlistCsv, waitlistCsvFileName } from '../../../frontend/src/waitlist/waitlist-csv.js';

const entry = (overrides: Partial<WaitlistEntry>): WaitlistEntry => ({
  id: 'e1',
  email: 'ann@example.com',
  name: 'Ann',
  phone: null,
  instagram_handle: null,
  agree_to_promotions: false,
  agree_to_launch_access: true,
  created_at: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('waitlist CSV export', () => {
  it('has the spec columns and one row per entry', () => {
    const csv = waitlistCsv([entry({ phone: '07700 900123', agree_to_promotions: true })]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Email,Phone,Agree to Promotions,Agree to Launch Access,Join Date',
      'Ann,ann@example.com,07700 900123,Yes,Yes,2026-11-23',
    ]);
  });

  it('quotes commas, quotes and line breaks so a spreadsheet reads the same cells back', () => {
    const name = 'Smith, "Jo"\nBakery';
    const [, row] = Papa.parse<string[]>(waitlistCsv([entry({ name })])).data;
    expect(row?.[0]).toBe(name);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = waitlistCsv([
      entry({ name: '=HYPERLINK("http://evil.example","x")' }),
      entry({ name: '+1+1' }),
      entry({ name: '-2+3' }),
      entry({ name: '@SUM(A1)', phone: '+44 7700 900123' }),
    ]);
    const rows = Papa.parse<string[]>(csv).data.slice(1);
    expect(rows.map((row) => row[0])).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1+1", "'-2+3", "'@SUM(A1)"]);
    // An international phone number starts with +: kept as text too.
    expect(rows[3]?.[2]).toBe("'+44 7700 900123");
  });

  it('neutralises a formula cell whatever follows it, line breaks included', () => {
    const names = ['=HYPERLINK("http://evil.example","x")\nJane', '=1+1\r\nJane', '@SUM(A1)\nx', '\tnote\nJane', '\r=1+1'];
    const rows = Papa.parse<string[]>(waitlistCsv(names.map((name) => entry({ name })))).data.slice(1);
    expect(rows.map((row) => row[0])).toEqual(names.map((name) => `'${name}`));
  });

  it('names the file waitlist-yyyy-MM-dd.csv', () => {
    expect(waitlistCsvFileName(new Date(2026, 0, 5, 12))).toBe('waitlist-2026-01-05.csv');
  });
});
