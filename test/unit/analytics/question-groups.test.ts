import { describe, expect, it } from 'vitest';
import { averageRating, groupQuestions, meaningTerms, type LoggedQuestion } from '../../../functions/core/analytics/question-groups.js';

const asked = (question: string, conversationId: string, extra: Partial<LoggedQuestion> = {}): LoggedQuestion => ({
  question,
  conversationId,
  outcome: 'fallback',
  answer: 'I do not know',
  ...extra,
});

describe('questions grouped by meaning', () => {
  it('paraphrases with other words, stems and everyday synonyms are one group', () => {
    expect(meaningTerms('What does delivery cost?')).toEqual(meaningTerms('What is the delivery fee'));
    expect(groupQuestions([asked('How much is delivery?', 'c1'), asked('What is the delivery fee', 'c2')])).toHaveLength(1);
    const groups = groupQuestions([
      asked('Do you have parking?', 'c1'),
      asked('Is there parking nearby?', 'c2'),
      asked('Where can I park my car?', 'c3'),
      asked('do you have parking', 'c4'),
      asked('How much is a wedding cake?', 'c5'),
      asked('What does a wedding cake cost?', 'c6'),
      asked('Are you open on Sundays?', 'c7'),
    ]);
    expect(groups.map((g) => [g.question, g.questions.length, g.visitors])).toEqual([
      ['Do you have parking?', 4, 4],
      ['How much is a wedding cake?', 2, 2],
      ['Are you open on Sundays?', 1, 1],
    ]);
  });

  it('different topics that share a word stay apart', () => {
    const groups = groupQuestions([asked('What are your prices?', 'c1'), asked('What is the price of a wedding cake with flowers?', 'c2')]);
    expect(groups).toHaveLength(2);
  });

  it('average rating is the share of thumbs up among rated answers', () => {
    expect(averageRating([asked('a', 'c1', { feedback: 'up' }), asked('a', 'c2', { feedback: 'down' }), asked('a', 'c3')])).toBe(50);
    expect(averageRating([asked('a', 'c1')])).toBeNull();
  });
});
