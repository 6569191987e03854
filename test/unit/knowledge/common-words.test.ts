import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { everydayTermsOf } from '../../../functions/core/knowledge/common-words/common-words.js';
import { COMMON_TERMS_FILE, COMMON_WORDS_FILE, OTHER_COMMON_TERMS_FILE, commonTermsOf, commonWordsFromSubtlex, otherCommonTerms } from '../../../functions/core/knowledge/common-words/generate.js';

describe('everyday words', () => {
  it('the bundled list is what the generator makes from SUBTLEX (re-run it after changing the count)', () => {
    expect(JSON.parse(readFileSync(COMMON_WORDS_FILE, 'utf8'))).toEqual(commonWordsFromSubtlex());
  });

  it('the bundled terms are those words as search terms now (re-run the generator after changing the search terms)', () => {
    const terms = JSON.parse(readFileSync(COMMON_TERMS_FILE, 'utf8')) as string[];
    expect(terms).toEqual(commonTermsOf(JSON.parse(readFileSync(COMMON_WORDS_FILE, 'utf8')) as string[]));
    expect(terms).toContain('morn');
  });

  it('the bundled terms of the other languages are what the generator makes from their frequency lists', () => {
    expect(JSON.parse(readFileSync(OTHER_COMMON_TERMS_FILE, 'utf8'))).toBe(otherCommonTerms());
  });

  it('tells everyday words from rarer ones; a stem a rarer word also gives is not everyday', () => {
    expect([...everydayTermsOf('Do you guarantee your work?')]).toContain('work');
    expect([...everydayTermsOf('Are your cleaners insured?')]).not.toContain('insur');
    expect([...everydayTermsOf('Do you sell gluten-free sourdough?')].sort()).toEqual(['free', 'sell']);
  });

  it('knows the other forms of an everyday word as everyday ("mornings", "evenings")', () => {
    expect([...everydayTermsOf('Are you open Saturday mornings?')]).toContain('morn');
    expect([...everydayTermsOf('Which evenings are you open?')]).toContain('even');
  });
});
