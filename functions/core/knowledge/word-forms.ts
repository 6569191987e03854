import { isWordNetTerm } from './related-words.js';

/**
 * Inflected languages change a word's ending, not its start: Polish "dietetyk", "dietetykiem",
 * "dietetyka"; "telefon", "telefonu"; German "Zimmer", "Zimmern"; Spanish "precio", "precios". Search
 * terms are Porter2 stems, which are English: two forms of such a word stay two terms. Without a stemmer
 * per language (Polish has none on npm that fits the chat bundle), the rule every such language shares
 * is used: the same start of at least `MIN_STEM` letters and two thirds of the longer word, then
 * endings of at most `MAX_ENDING` letters each.
 */
const MIN_STEM = 5;
const MAX_ENDING = 3;

/**
 * Whether two search terms are forms of one word of another language. English words are left out:
 * Porter2 already joins their forms, and "cancel" and "cancer" share a start and nothing else. A term
 * of WordNet's everyday English table (related-words.ts) counts as English.
 */
export function isInflectedForm(a: string, b: string): boolean {
  if (a === b) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < MIN_STEM || longer.length - shorter.length > MAX_ENDING) return false;
  let shared = 0;
  while (shared < shorter.length && shorter[shared] === longer[shared]) shared++;
  if (shared < MIN_STEM || shared * 3 < longer.length * 2 || longer.length - shared > MAX_ENDING || shorter.length - shared > MAX_ENDING) return false;
  return /\D/.test(a) && !isWordNetTerm(a) && !isWordNetTerm(b);
}

/** The start an inflected form shares with the others, searched as a prefix to find them (see isInflectedForm). */
export function inflectionStem(term: string): string | undefined {
  if (term.length < MIN_STEM + 1 || isWordNetTerm(term)) return undefined;
  return term.slice(0, Math.max(MIN_STEM, Math.ceil((term.length * 2) / 3), term.length - MAX_ENDING));
}

/**
 * Whether `said` (search terms of a passage) has `term` in another form: a word it begins ("deliver":
 * "delivery", as search finds it by prefix) or, in another language, the word with another ending.
 */
export function saysOtherForm(said: Iterable<string>, term: string): boolean {
  if (term.length < MIN_STEM) return false;
  for (const other of said) if (other !== term && (other.startsWith(term) || isInflectedForm(other, term))) return true;
  return false;
}
