import stem from 'wink-porter2-stemmer';
import { NUMBER_WORDS, numberValue } from './number-words.js';
import otherStopWords from './stop-words/stop-words.json' with { type: 'json' };

/**
 * How text becomes search terms, the same for indexing and for queries: lower case, accents folded
 * (café = cafe), English stop words removed, then each word reduced to its Porter2 stem, so that
 * "opening", "opens" and "open" are one term, as are "located" and "location", "prices" and "pricing".
 * Stop words carry no meaning for ranking and would make every chunk match every question
 * ("what are your ...").
 */
const englishStop = new Set(
  `a about above after again against all am an and any are aren as at be because been before being below
  between both but by can cannot could couldn d did didn do does doesn doing don down during each few for
  from further had hadn has hasn have having he her here hers herself him himself his how i if in
  into is isn it its itself just ll m me might mine more most must mustn my myself no nor not now o of off on
  once only or other ought our ours ourselves out over own re s same shan she should shouldn so some such
  t than that the their theirs them themselves then there these they this those through to too under
  until up us ve very was wasn we were weren what when where which while who whom why will with would
  wouldn y you your yours yourself yourselves`.split(/\s+/),
);
/**
 * "haven't" and "won't" split into "haven" and "won", which are words too ("The Haven" wellness room, "we
 * won Best Bakery"), so they are no stop words: the two contractions are written out before a text is
 * split into words (`withContractionsWritten`, for passages and questions alike).
 */
const AMBIGUOUS_CONTRACTION = /\b(haven|won)['’]t\b/gi;
/**
 * French and Italian elide an article, pronoun or "que" before a vowel ("C'est quoi", "l'agneau",
 * "qu'il", "d'expérience"): the letter left would be a term of its own, unknown to the site and heavy.
 * Only before a letter and after none, so "O'Brien" and English contractions ("it's") keep theirs.
 */
const ELISION = /(?<![\p{L}])(?:[cdjlmnst]|qu)['’](?=\p{L})/giu;
export const withContractionsWritten = (text: string) =>
  text.replace(AMBIGUOUS_CONTRACTION, (_, word: string) => (word.toLowerCase() === 'won' ? 'will not' : 'have not')).replace(ELISION, '');
/**
 * And those of other languages (stop-words/generate.ts): a question in German, Spanish or French
 * ("Was kostet *die* Suite *für* zwei Personen?") is about its other words, as an English one is.
 * Words that are also English words of everyday meaning ("car", "son") are not among them.
 */
const stopWords = new Set([...englishStop, ...otherStopWords.split(' ')]);

/** The English list alone, from which stop-words/generate.ts leaves out the other languages' words. */
export const englishStopWords = (): ReadonlySet<string> => englishStop;

const combiningMarks = /[\u0300-\u036f]/g;
const letterOrDigit = /[\p{L}\p{N}]/u;

export function isStopWord(term: string): boolean {
  return stopWords.has(term);
}

const hyphenatedWord = /\p{L}+(?:[-\u2010\u2011]\p{L}+)+/gu;
/** "Company no. 698214", "Reg. No 123": "no." before a number is the word "number". */
const numberAbbreviation = /\b(?:no|nos|nr)\.?\s*#?\d/iu;

/** "Tuesdays", "Mon-Fri": a day of the week is a day. */
const weekday = /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat)\b)/iu;
/** "Saturday 09:00", "Sat & Sun": a day of the weekend. */
const weekendDay = /\b(?:[Ss]atur|[Ss]un)days?\b|\b(?:SAT|SUN|Sat|Sun)\b/u;

/** "Welcome from age 8", "guests under 12", "under-12s", "children aged 5-11": a limit of age. */
const ageLimit =
  /\bage[ds]? \d|\bages \d|\b(?:under|over)-\d{1,2}s\b|\b\d{1,2} (?:and|or) (?:under|over|older|younger)\b|\b(?:guests|children|kids|people|anyone|those|visitors|diners|customers|clients|students|pupils|everyone)\s+(?:under|over|below|above)\s+\d{1,2}\b(?!\s*[%\p{L}\p{Sc}])/iu;
/** "If you don't turn up", "failing to show": a no-show, as questions and policies name it. */
const noShow = /\b(?:do ?n[o']t|did ?n[o']t|does ?n[o']t|not|fail(?:s|ed|ing)? to) (?:turn|show) up\b|\bfail(?:s|ed|ing)? to (?:attend|arrive)\b/i;
/** "two" to "twenty": "one" is a pronoun far more often than a count. */
const numberWord = new RegExp(String.raw`\b(?:${NUMBER_WORDS.slice(2).join('|')})\b`, 'gi');

/**
 * Words a text says without spelling them out, as the other side may write them: its hyphenated
 * words written as one ("bi-weekly" -> "biweekly", "re-clean" -> "reclean"), "number" for "no.",
 * "day" for a day of the week ("Which days...?" is answered by "Tuesdays and Thursdays") and
 * "weekend" for Saturday or Sunday ("a class at the weekend?": "Saturday 09:00"), "age" for
 * an age limit ("guests under 12") and "noshow" for not turning up. Passages are indexed and questions
 * searched with these beside their own words, so a question finds a passage whichever way either spells
 * the word.
 */
export function impliedWordsOf(text: string): string[] {
  const implied = joinedHyphenatedWords(text);
  if (numberAbbreviation.test(text)) implied.push('number');
  if (weekday.test(text)) implied.push('day');
  if (weekendDay.test(text)) implied.push('weekend');
  if (ageLimit.test(text)) implied.push('age');
  if (noShow.test(text)) implied.push('noshow');
  return implied;
}

/**
 * A text's hyphenated words written as one: "check-out" -> "checkout". `wordsOnly`: not those with a
 * stop word of another language for a part, which are phrases rather than words: a verb and its
 * pronoun ("sont-elles", "êtes-vous", "y a-t-il"). English particles make words ("check-out", "drop-off").
 */
export function joinedHyphenatedWords(text: string, wordsOnly = false): string[] {
  const words = text.match(hyphenatedWord) ?? [];
  const isPhrase = (word: string) =>
    word.split(/[-\u2010\u2011]/).some((part) => {
      const folded = part.toLowerCase().normalize('NFD').replace(combiningMarks, '');
      return stopWords.has(folded) && !englishStop.has(folded);
    });
  return (wordsOnly ? words.filter((word) => !isPhrase(word)) : words).map((word) => word.replace(/[-\u2010\u2011]/g, ''));
}

/**
 * Two neighbouring words of a text written as one ("blow dry" -> "blowdry", "hair cut" -> "haircut",
 * "week end" -> "weekend"): English writes a compound open, hyphenated or closed, and a site may use
 * another spelling than its visitor. Letters only; the caller keeps those its knowledge uses.
 */
export function openCompoundsOf(text: string): { parts: [string, string]; joined: string }[] {
  const words = text.match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? [];
  return words.slice(1).flatMap((word, i) => {
    const [first, second] = [words[i]!, word];
    return /['’]/.test(first + second) ? [] : [{ parts: [first, second] as [string, string], joined: `${first}${second}` }];
  });
}

/**
 * What a passage implies (impliedWordsOf) and the digits of its number words ("sleeps four": "4"), so
 * a question's "for 4" finds it. Questions are not searched with the digits of theirs: "two" is in
 * many questions and "2" in most passages, which would cost time and rank nothing better.
 */
export function passageImpliedWordsOf(text: string): string[] {
  const digits = (text.match(numberWord) ?? []).map((word) => String(numberValue(word)));
  return [...impliedWordsOf(text), ...digits];
}

/** Returns the indexed form of a token, or null for a token that is not searched. */
export function toSearchTerm(token: string): string | null {
  const term = token.toLowerCase().normalize('NFD').replace(combiningMarks, '');
  if (!letterOrDigit.test(term) || stopWords.has(term)) return null;
  return /^[a-z]+$/.test(term) ? stem(term) : term;
}

/**
 * The term rule of indexes built before stemming (format version 1): plurals folded only. Such an
 * index is searched with the rule it was built with until its assistant's next rebuild.
 */
export function toLegacySearchTerm(token: string): string | null {
  const term = token.toLowerCase().normalize('NFD').replace(combiningMarks, '');
  if (!letterOrDigit.test(term) || stopWords.has(term)) return null;
  if (term.length <= 3 || !term.endsWith('s') || /\d/.test(term)) return term;
  if (term.endsWith('ies') && term.length > 4) return `${term.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss|zz)es$/.test(term)) return term.slice(0, -2);
  if (/(?:ss|us|is)$/.test(term)) return term;
  return term.slice(0, -1);
}
