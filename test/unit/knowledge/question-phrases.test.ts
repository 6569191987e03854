import { describe, expect, it } from 'vitest';
import { withSiteWords } from '../../../functions/core/knowledge/question-phrases.js';

describe('withSiteWords', () => {
  it.each([
    ['Can you come every two weeks?', 'Can you come biweekly?'],
    ['Could you clean every other week?', 'Could you clean biweekly?'],
    ['How quickly will you get back to me?', 'How quickly will you respond?'],
    ['Can I get my money back?', 'Can I refund?'],
    ['Where can I leave my car?', 'Where can I leave my car (parking)?'],
    ['Do you do end-of-tenancy cleans?', 'Do you do move-out cleans?'],
    ['How do you check the people you hire?', 'How do you check the staff?'],
    ["What if the job isn't done properly?", 'What if the job not satisfied?'],
    ["Will you redo it if I'm not happy?", "Will you redo it if I'm not satisfied?"],
    ['Can we bring our five-year-old?', 'Can we bring our child aged five?'],
    ['Is there a menu for my 6 yr old?', 'Is there a menu for my child aged 6?'],
    ['My 19 year old wants a cut', 'My aged 19 wants a cut'],
    ["We're two adults and two kids.", "We're two adults and two kids (4 people)."],
    ['A table for 2 adults, 3 children and a baby?', 'A table for 2 adults, 3 children and a baby (6 people)?'],
    ['When do we need to be out on the last morning?', 'When do we need to check-out on check-out day?'],
    ['What time must we leave the room?', 'What time must we check-out?'],
    ['What if I miss my appointment?', 'What if I no-show?'],
    ["What if we don't turn up?", 'What if we no-show?'],
    ['Is there a deal for people trying you out for the first time?', 'Is there a deal for people new new?'],
    ['Any offers for first-timers?', 'Any offers for new?'],
  ])('rewords %j as the site would', (question, reworded) => {
    expect(withSiteWords(question)).toBe(reworded);
  });

  it('leaves a question without such phrases as it is', () => {
    expect(withSiteWords('Do you clean offices every week?')).toBe('Do you clean offices every week?');
  });
});
