import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { everydayTermsOf } from '../../../functions/core/knowledge/common-words/common-words.js';
import { COMMON_WORDS_FILE, commonWordsFromSubtlex } from '../../../functions/core/knowledge/common-words/generate.js';

describe('everyday words', () => {
  it('the bundled list is what the generator makes from SUBTLEX (re-run it after changing the count)', () => {
    expect(JSON.parse(readFileSync(COMMON_WORDS_FILE, 'utf8'))).toEqual(commonWordsFromSubtlex());
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
