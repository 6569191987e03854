import { readFileSync } from 'node:fs';

/** A search term's related terms in WordNet (related-words/generate.ts says which relations are kept). */
export type RelatedTerms = {
  /** Words of the same sense ("operation": "surgery"). */
  synonyms: readonly string[];
  /** Words of the sense directly above ("vet": "doctor"). */
  broader: readonly string[];
  /** Words of the senses directly below ("dog": "puppy", "poodle"). */
  narrower: readonly string[];
};

const NONE: RelatedTerms = { synonyms: [], broader: [], narrower: [] };
/** The table's lines, sorted by their term (related-words/generate.ts). */
let lines: readonly string[] | undefined;
const parsed = new Map<string, RelatedTerms>();

/**
 * The table, read on first use. Deployed, it is `related-words.json` beside the handler's `index.mjs`
 * (lib/side-entries.ts); from the sources, the JSON itself. Read as a file rather than imported, so
 * that no bundle carries it and JSON.parse, not the module compiler, reads it.
 */
function loadLines(): readonly string[] {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(fromSources ? './related-words/related-words.json' : './related-words.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

const termOfLine = (line: string) => line.slice(0, line.search(/[ |]|$/));

/**
 * The line of `term`, by binary search: the lines are sorted, and parsing all 8,000 of them into a map
 * would cost a cold start over 100 ms on a busy machine, for the few terms a question has.
 */
function lineOf(term: string): string | undefined {
  lines ??= loadLines();
  let low = 0;
  let high = lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = termOfLine(lines[middle]!);
    if (found === term) return lines[middle];
    if (found < term) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** Whether WordNet's table has `term`: an English word of everyday use (a search term: stemmed). */
export const isWordNetTerm = (term: string): boolean => lineOf(term) !== undefined;

const words = (list = '') => (list ? list.split(' ') : []);

/** The terms WordNet closely relates to `term` (a search term: stemmed), in the senses English mostly means by it. */
export function wordNetRelatedTerms(term: string): RelatedTerms {
  let related = parsed.get(term);
  if (!related) {
    const line = lineOf(term);
    if (!line) return NONE;
    const [same = '', broader, narrower] = line.split('|');
    related = { synonyms: words(same).slice(1), broader: words(broader), narrower: words(narrower) };
    parsed.set(term, related);
  }
  return related;
}
