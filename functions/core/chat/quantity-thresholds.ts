import { NUMBER_WORDS, numberValue } from '../knowledge/number-words.js';

/**
 * Rules a site states with a threshold ("tables of 6 or more by reservation only", "members under 16
 * must be accompanied", "groups of up to 8", "over 18s only") and whether the visitor's own number
 * ("there will be 14 of us", "my son is 15") falls under one: the line whose rule applies answers.
 * General English ways of writing a bound, not any site's.
 */
const NUMBER = String.raw`(\d+|${NUMBER_WORDS.slice(1).join('|')})`;
/** The end of a number: "16" and "16s" ("under 16s"), not "six" in "sixty". */
const NUMBER_END = String.raw`(?![\da-rt-z])`;
/** A lower bound: the rule applies from this number on (inclusive, or above it when `strict`). */
const AT_LEAST = [
  new RegExp(String.raw`\b${NUMBER}\s*(?:\+|or more|and (?:over|above|up)|or over|or older|or above)`, 'gi'),
  new RegExp(String.raw`\b(?:at least|minimum(?: of)?|min\.?|from)\s+${NUMBER}${NUMBER_END}`, 'gi'),
];
const ABOVE = [new RegExp(String.raw`\b(?:more than|over|above|older than|exceeding)\s+${NUMBER}${NUMBER_END}`, 'gi')];
/** An upper bound: up to this number (inclusive), or below it when strict. */
const AT_MOST = [
  new RegExp(String.raw`\b(?:up to|maximum(?: of)?|max\.?|no more than|at most)\s+${NUMBER}${NUMBER_END}`, 'gi'),
  new RegExp(String.raw`\b${NUMBER}\s*(?:or (?:fewer|less|under|younger|below))`, 'gi'),
];
const BELOW = [new RegExp(String.raw`\b(?:under|below|less than|fewer than|younger than)\s+${NUMBER}${NUMBER_END}`, 'gi')];

const valueOf = (word: string) => numberValue(word);
/**
 * A bound of time or money ("cancel up to 14 days before", "over 50% off") is no rule about the
 * visitor's party or age, which is what their bare number gives ("14 of us", "he is 15").
 */
const OF_TIME_OR_MONEY = /^\s*(?:s\b)?\s*(?:min(?:ute)?s?|hours?|hrs?|days?|weeks?|months?|nights?|%|percent|per cent|pounds?|dollars?|euros?)\b|^\s*%/i;

/** Whether the text states a bound that the number meets ("14" meets "6 or more", "15" meets "under 16"). */
export function thresholdApplies(number: number, text: string): boolean {
  const bounds: [RegExp[], (bound: number) => boolean][] = [
    [AT_LEAST, (bound) => number >= bound],
    [ABOVE, (bound) => number > bound],
    [AT_MOST, (bound) => number <= bound],
    [BELOW, (bound) => number < bound],
  ];
  return bounds.some(([patterns, meets]) =>
    patterns.some((pattern) =>
      [...text.matchAll(pattern)].some((match) => {
        const bound = valueOf(match[1]!);
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
        return bound > 0 && !OF_TIME_OR_MONEY.test(after) && meets(bound);
      }),
    ),
  );
}

/** The numbers a visitor gives ("14 of us", "my son is fifteen"), as values. */
export function numbersGiven(terms: Iterable<string>): number[] {
  return [...terms].map(valueOf).filter((value) => value > 0);
}
