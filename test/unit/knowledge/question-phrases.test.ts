import { describe, expect, it } from 'vitest';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';

describe('withSiteWords', () => {
  it.each([
    ['Can you come every two weeks?', 'Can you come biweekly?'],
    ['Could you clean every other week?', 'Could you clean biweekly?'],
    ['How quickly will you get back to me?', 'How quickly will you respond?'],
    ['Can I get my money back?', 'Can I refund?'],
    ['Where can I leave my car?', 'Where can I parking?'],
    ['Do you do end-of-tenancy cleans?', 'Do you do move-out cleans?'],
    ['How do you check the people you hire?', 'How do you check the staff?'],
    ["What if the job isn't done properly?", 'What if the job not satisfied?'],
    ["Will you redo it if I'm not happy?", "Will you redo it if I'm not satisfied?"],
  ])('rewords %j as the site would', (question, reworded) => {
    expect(withSiteWords(question)).toBe(reworded);
  });

  it('leaves a question without such phrases as it is', () => {
    expect(withSiteWords('Do you clean offices every week?')).toBe('Do you clean offices every week?');
  });
});
