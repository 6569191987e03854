import type { WaitlistEntry } from '@contracts/waitlist';
import Papa from 'papaparse';

/** Spec 001 section 7: the export's columns, in order. */
export const WAITLIST_CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Agree to Promotions', 'Agree to Launch Access', 'Join Date'] as const;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * A cell a spreadsheet could run as a formula: one starting with = + - @, a tab or a carriage return,
 * whatever follows. Papa Parse's own `escapeFormulae: FORMULA_START` is `/^[=+\-@\t\r].*$/`, whose `.` stops at a
 * line break, so "=HYPERLINK(...)\nJane" went out unescaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The CSV text, by Papa Parse: RFC 4180 quoting (commas, quotes, line breaks), and an apostrophe before
 * every formula-like cell, so a sign-up named "=HYPERLINK(...)" stays text in the admin's spreadsheet.
 */
export function waitlistCsv(entries: readonly WaitlistEntry[]): string {
  const rows = entries.map((entry) => [
    entry.name,
    entry.email,
    entry.phone ?? '',
    yesNo(entry.agree_to_promotions),
    yesNo(entry.agree_to_launch_access),
    entry.created_at.slice(0, 10),
  ]);
  return Papa.unparse({ fields: [...WAITLIST_CSV_COLUMNS], data: rows }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** waitlist-yyyy-MM-dd.csv, dated today in the admin's time zone. */
export function waitlistCsvFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `waitlist-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
