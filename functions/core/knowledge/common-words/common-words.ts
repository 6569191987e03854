import { toSearchTerm } from '../search-terms.js';
import { isInOtherLanguage } from '../other-languages.js';
import commonTerms from './common-english-terms.json' with { type: 'json' };
import otherCommonTerms from './common-other-terms.json' with { type: 'json' };

/**
 * The most frequent English words as search terms (generate.ts writes them): "mornings" and "evenings"
 * are as everyday as the listed "morning" and "evening".
 */
const COMMON = new Set<string>(commonTerms);
/** The same of the other languages of other-languages.ts (generate.ts), for questions written in one of them. */
const OTHER_COMMON = new Set<string>(otherCommonTerms.split(' '));

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
  const inOtherLanguage = isInOtherLanguage(question);
  for (const token of question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const term = toSearchTerm(token);
    if (term) (COMMON.has(term) || (inOtherLanguage && OTHER_COMMON.has(term)) ? everyday : rare).add(term);
  }
  for (const term of rare) everyday.delete(term);
  return everyday;
}
