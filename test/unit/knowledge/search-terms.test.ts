import { describe, expect, it } from 'vitest';
import { joinedHyphenatedWords, toLegacySearchTerm, toSearchTerm } from '../../../functions/core/knowledge/search-terms.js';

describe('toSearchTerm', () => {
  it('lower-cases, folds accents, and drops stop words and tokens without letters or digits', () => {
    expect(['Café', 'the', 'Your', '|', '-', '£30', '9am'].map(toSearchTerm)).toEqual(['cafe', null, null, null, null, '£30', '9am']);
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

describe('joinedHyphenatedWords', () => {
  it('writes each hyphenated word as one, as people often spell it', () => {
    expect(joinedHyphenatedWords('Weekly, bi-weekly or move-in/move-out; re‑clean, 24-hour, a - b')).toEqual(['biweekly', 'movein', 'moveout', 'reclean']);
  });
});

describe('toLegacySearchTerm (indexes of format version 1)', () => {
  it('reduces plurals to the singular and leaves other words alone', () => {
    const words = ['deliveries', 'hours', 'sundays', 'boxes', 'churches', 'glasses', 'bus', 'analysis', 'gas', 'yes', '1990s'];
    expect(words.map(toLegacySearchTerm)).toEqual(['delivery', 'hour', 'sunday', 'box', 'church', 'glass', 'bus', 'analysis', 'gas', 'yes', '1990s']);
  });
});
