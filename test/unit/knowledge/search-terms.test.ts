import { describe, expect, it } from 'vitest';
import { singular, toSearchTerm } from '../../../functions/core/knowledge/search-terms.js';

describe('toSearchTerm', () => {
  it('lower-cases, folds accents, and drops stop words and tokens without letters or digits', () => {
    expect(['Café', 'OPENING', 'the', 'Your', '|', '-', '£30', '9am'].map(toSearchTerm)).toEqual([
      'cafe',
      'opening',
      null,
      null,
      null,
      null,
      '£30',
      '9am',
    ]);
  });

  it('reduces plurals to the singular and leaves other words alone', () => {
    const words = ['deliveries', 'hours', 'sundays', 'boxes', 'churches', 'glasses', 'bus', 'analysis', 'gas', 'yes', '1990s'];
    expect(words.map(singular)).toEqual(['delivery', 'hour', 'sunday', 'box', 'church', 'glass', 'bus', 'analysis', 'gas', 'yes', '1990s']);
  });
});
