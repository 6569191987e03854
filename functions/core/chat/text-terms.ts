import { passageImpliedWordsOf, toSearchTerm, withContractionsWritten } from '../knowledge/search-terms.js';

/** The meaningful terms of a text, as the knowledge index sees them (stop words out, plurals folded). */
export function termsOf(text: string): string[] {
  return (withContractionsWritten(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(toSearchTerm).filter((t): t is string => t !== null);
}

/** The terms of a passage: its words' and those it implies (passageImpliedWordsOf), as the index has them. */
export function passageTermsOf(text: string): string[] {
  return [...termsOf(text), ...passageImpliedWordsOf(text).map(toSearchTerm).filter((t): t is string => t !== null)];
}

/** Share of `a`'s terms that appear in `b`: 1 when every term of a question is covered. */
export function coverage(a: readonly string[], b: ReadonlySet<string>): number {
  if (a.length === 0) return 0;
  return a.filter((term) => b.has(term)).length / a.length;
}

/** Jaccard similarity of two term sets. */
export function similarity(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a);
  const right = new Set(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}
