import { clock } from '../knowledge/fact-types.js';
import { LARGER_NUMBER_WORDS, NUMBER_WORDS } from '../knowledge/number-words.js';
import { termsOf } from './text-terms.js';

/**
 * Values a visitor gives about their own case ("we won't arrive until *10pm*", "one night on a
 * Saturday in *August*", "our *five*-year-old", "my flat is *2,000* square feet"). A site states its
 * rule with other values ("after 8pm", "April to September", "from age 8", "up to 1500 sq ft"), so
 * such a word is answered by a passage stating a value of the same kind, not by its spelling.
 */
type ValueKind = 'time' | 'month' | 'number';

const MONTHS = 'january february march april may june july august september october november december';
const MONTH_TERMS = new Set(termsOf(MONTHS.replace(/\bmay\b/, '')));
const NUMBER_WORDS_ABOVE_ZERO = [...NUMBER_WORDS.slice(1), ...LARGER_NUMBER_WORDS];
const NUMBER_TERMS = new Set(termsOf(NUMBER_WORDS_ABOVE_ZERO.join(' ')));

const statesValue: Record<ValueKind, RegExp> = {
  time: new RegExp(clock, 'i'),
  // "May" is a month only in a passage, where it is capitalised among other months' words.
  month: new RegExp(String.raw`\b(?:${MONTHS.split(' ').join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b`, 'i'),
  number: new RegExp(String.raw`\d|\b(?:${NUMBER_WORDS_ABOVE_ZERO.join('|')}|dozen|couple)\b`, 'i'),
};

/** The kind of value a question's term is ("10pm": a time), if it is one. */
export function valueKindOf(term: string): ValueKind | undefined {
  if (/^\d{1,2}(?:am|pm)$/.test(term)) return 'time';
  if (MONTH_TERMS.has(term)) return 'month';
  if (/^\d[\d.,]*$/.test(term) || NUMBER_TERMS.has(term)) return 'number';
  return undefined;
}

/** Whether the text states a value of the kind the term is. */
export const statesValueLike = (term: string, text: string): boolean => {
  const kind = valueKindOf(term);
  return kind !== undefined && statesValue[kind].test(text);
};
