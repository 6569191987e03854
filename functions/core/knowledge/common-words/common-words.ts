import { toSearchTerm } from '../search-terms.js';
import commonTerms from './common-english-terms.json' with { type: 'json' };

/**
 * The most frequent English words as search terms (generate.ts writes them): "mornings" and "evenings"
 * are as everyday as the listed "morning" and "evening".
 */
const COMMON = new Set<string>(commonTerms);

/** Whether a search term is one of the most frequent English words' (the list above). */
export const isCommonTerm = (term: string): boolean => COMMON.has(term);

/**
 * The question's terms that only everyday words give ("work", "people", "seen", "deal"): when the
 * knowledge never uses them they say little about what is asked, unlike a rarer word ("insured",
 * "gluten"). A term any rarer word of the question also gives is not one of them.
 */
export function everydayTermsOf(question: string): Set<string> {
  const everyday = new Set<string>();
  const rare = new Set<string>();
  for (const token of question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const term = toSearchTerm(token);
    if (term) (COMMON.has(term) ? everyday : rare).add(term);
  }
  for (const term of rare) everyday.delete(term);
  return everyday;
}
