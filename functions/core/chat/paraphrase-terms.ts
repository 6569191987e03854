import { factTerm, factTypesAsked, factWordsAsked } from '../knowledge/fact-types.js';
import { synonymsOf } from '../knowledge/synonyms.js';
import { termsOf } from './text-terms.js';

/**
 * Words that frame a request rather than say what it is about ("Can I *get* takeaway?", "Is takeaway
 * *available*?", "Do you *offer* gift cards?", "Can I *buy* one?"): two wordings of one question
 * differ in them.
 */
const FRAMING = new Set(termsOf('get got need want like know tell give offer offered provide available availability possible have has make buy sell please actually'));

/**
 * A question's terms as two wordings of it share them: words asking for a kind of fact ("how much",
 * "cost", "price") become that kind, framing words go. So "What does
 * a haircut cost?" has the terms of "How much is a haircut?", and "Can I get takeaway?" those of "Do
 * you do takeaway?".
 */
export function paraphraseTermsOf(question: string): string[] {
  const factWords = new Set([...factWordsAsked(question).values()].flatMap((words) => [...words].flatMap((word) => termsOf(word))));
  const terms = termsOf(question)
    .filter((term) => !FRAMING.has(term) && !factWords.has(term));
  return [...new Set([...terms, ...factTypesAsked(question).map(factTerm)])];
}

/** The shortest stem two spellings of one word share ("deliv", "deliveri"): either one's stem begins the other. */
const STEM_SHARED = 4;

/**
 * Jaccard similarity of two paraphrase term lists, a term matching another its stem begins ("deliv" in
 * "deliveri") or a synonym (synonyms.ts): synonyms are compared pairwise, since WordNet's are no
 * groups ("book" is "reserve", "reserve" is "allow" in another sense, "book" is no "allow").
 */
export function paraphraseSimilarity(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 || right.size === 0) return left.size === right.size ? 1 : 0;
  const same = (x: string, y: string) =>
    x === y || (Math.min(x.length, y.length) >= STEM_SHARED && (x.startsWith(y) || y.startsWith(x))) || synonymsOf(x).includes(y) || synonymsOf(y).includes(x);
  let shared = 0;
  for (const term of left) if ([...right].some((other) => same(term, other))) shared++;
  return shared / (left.size + right.size - shared);
}
