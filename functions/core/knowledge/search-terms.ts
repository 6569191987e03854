import stem from 'wink-porter2-stemmer';

/**
 * How text becomes search terms, the same for indexing and for queries: lower case, accents folded
 * (café = cafe), English stop words removed, then each word reduced to its Porter2 stem, so that
 * "opening", "opens" and "open" are one term, as are "located" and "location", "prices" and "pricing".
 * Stop words carry no meaning for ranking and would make every chunk match every question
 * ("what are your ...").
 */
const stopWords = new Set(
  `a about above after again against all am an and any are aren as at be because been before being below
  between both but by can cannot could couldn d did didn do does doesn doing don down during each few for
  from further had hadn has hasn have haven having he her here hers herself him himself his how i if in
  into is isn it its itself just ll m me might mine more most must mustn my myself no nor not now o of off on
  once only or other ought our ours ourselves out over own re s same shan she should shouldn so some such
  t than that the their theirs them themselves then there these they this those through to too under
  until up us ve very was wasn we were weren what when where which while who whom why will with won would
  wouldn y you your yours yourself yourselves`.split(/\s+/),
);

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

/**
 * Words a passage says without spelling them out, as people write them in questions: its hyphenated
 * words written as one ("bi-weekly" -> "biweekly", "re-clean" -> "reclean"), "number" for "no." and
 * "day" for a day of the week ("Which days...?" is answered by "Tuesdays and Thursdays"). A passage is
 * indexed and matched with these beside its own words, so a question finds it whichever way either
 * spells the word.
 */
export function impliedWordsOf(text: string): string[] {
  const implied = (text.match(hyphenatedWord) ?? []).map((word) => word.replace(/[-\u2010\u2011]/g, ''));
  if (numberAbbreviation.test(text)) implied.push('number');
  if (weekday.test(text)) implied.push('day');
  return implied;
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
