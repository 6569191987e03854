import { describe, expect, it } from 'vitest';
import { impliedWordsOf, passageImpliedWordsOf, toLegacySearchTerm, toSearchTerm } from '../../../functions/core/knowledge/search-terms.js';

describe('toSearchTerm', () => {
  it('lower-cases, folds accents, and drops stop words and tokens without letters or digits', () => {
    expect(['Café', 'the', 'Your', '|', '-', '£30', '9am'].map(toSearchTerm)).toEqual(['cafe', null, null, null, null, '£30', '9am']);
    // "...while mine is in the garage": a pronoun, like "yours", says nothing about what is asked.
    expect(['mine', 'yours', 'ours'].map(toSearchTerm)).toEqual([null, null, null]);
  });

  it('reduces the forms of a word to one stem, so a question finds the page whatever form either uses', () => {
    const same = (a: string, b: string) => expect(toSearchTerm(a)).toBe(toSearchTerm(b));
    same('opening', 'open');
    same('located', 'location');
    same('prices', 'pricing');
    same('deliveries', 'delivery');
    same('hours', 'hour');
    same('cleaners', 'cleaner');
    expect(toSearchTerm('cleaning')).not.toBe(toSearchTerm('cleaner'));
  });
});

describe('impliedWordsOf', () => {
  it('writes each hyphenated word as one, as people often spell it', () => {
    expect(impliedWordsOf('Weekly, bi-weekly or move-in/move-out; re‑clean, 24-hour, a - b')).toEqual(['biweekly', 'movein', 'moveout', 'reclean']);
  });

  it('reads "no." before a number as "number", and "No." answering a question as nothing', () => {
    expect(impliedWordsOf('Registered in Ireland, company no. 698214')).toEqual(['number']);
    expect(impliedWordsOf('Reg. No 4471')).toEqual(['number']);
    expect(impliedWordsOf('No. There are no setup fees on any plan.')).toEqual([]);
  });

  it('reads a day of the week as "day"', () => {
    expect(impliedWordsOf('Her clinics run on Tuesdays and Thursdays.')).toEqual(['day']);
    expect(impliedWordsOf('Mon-Fri 8am to 6pm')).toContain('day');
    expect(impliedWordsOf('Open every month of the year')).toEqual([]);
  });

  it('reads Saturday or Sunday as "weekend", and not the sun', () => {
    expect(impliedWordsOf('Saturday: 09:00 Beginners')).toEqual(['day', 'weekend']);
    expect(impliedWordsOf('Sat & Sun 10am-4pm')).toContain('weekend');
    expect(impliedWordsOf('Lunch in the sun on the terrace')).toEqual([]);
  });

  it('reads an age limit as "age", not a price or a size under a number', () => {
    expect(impliedWordsOf('For guests under 12: buttered noodles, $10.')).toContain('age');
    expect(impliedWordsOf('Children welcome from age 8')).toContain('age');
    expect(impliedWordsOf('Under-12s eat free')).toContain('age');
    expect(impliedWordsOf('Orders under $12 ship for $3; rooms under 12 m² are singles.')).not.toContain('age');
  });

  it('reads not turning up as "noshow", and number words of passages as digits', () => {
    expect(impliedWordsOf("If you don't turn up at all we charge the full price.")).toEqual(['noshow']);
    expect(passageImpliedWordsOf('Sleeps four in two rooms')).toEqual(['4', '2']);
    // A question's "two" is not also searched as "2", which most passages have.
    expect(impliedWordsOf('Do you have two rooms?')).toEqual([]);
  });
});

describe('toLegacySearchTerm (indexes of format version 1)', () => {
  it('reduces plurals to the singular and leaves other words alone', () => {
    const words = ['deliveries', 'hours', 'sundays', 'boxes', 'churches', 'glasses', 'bus', 'analysis', 'gas', 'yes', '1990s'];
    expect(words.map(toLegacySearchTerm)).toEqual(['delivery', 'hour', 'sunday', 'box', 'church', 'glass', 'bus', 'analysis', 'gas', 'yes', '1990s']);
  });
});
