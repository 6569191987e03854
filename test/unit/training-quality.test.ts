import { describe, expect, it } from 'vitest';
import { statusFor, trainingQuality, type TrainingSignals } from '../../functions/core/training/training-quality.js';

const nothing: TrainingSignals = {
  pagesIndexed: 0,
  wordsIndexed: 0,
  knowledgeEntries: 0,
  faqs: 0,
  ratings: { count: 0, meanScore: 0 },
  corrections: 0,
};

describe('training quality', () => {
  it('is 0 and untrained for an assistant that learned nothing, with a hint for every signal', () => {
    const result = trainingQuality(nothing);
    expect(result).toMatchObject({ quality: 0, status: 'untrained' });
    expect(result.parts.every((p) => p.points === 0 && p.hint.length > 0)).toBe(true);
    expect(result.parts.reduce((sum, p) => sum + p.max, 0)).toBe(100);
  });

  it('a rich website alone is not enough for deployment: knowledge, FAQs and training get it there', () => {
    const website = trainingQuality({ ...nothing, pagesIndexed: 30, wordsIndexed: 20_000 });
    expect(website.quality).toBe(65);
    expect(website.status).toBe('in_training');
    const trained = trainingQuality({
      pagesIndexed: 30,
      wordsIndexed: 20_000,
      knowledgeEntries: 5,
      faqs: 8,
      ratings: { count: 10, meanScore: 100 },
      corrections: 5,
    });
    expect(trained).toMatchObject({ quality: 100, status: 'ready_for_deployment' });
  });

  it('thin pages count for less than full ones', () => {
    const thin = trainingQuality({ ...nothing, pagesIndexed: 15, wordsIndexed: 300 });
    const full = trainingQuality({ ...nothing, pagesIndexed: 15, wordsIndexed: 6000 });
    expect(thin.quality).toBeLessThan(full.quality);
  });

  it('poorly rated replies add little', () => {
    const poor = trainingQuality({ ...nothing, ratings: { count: 10, meanScore: 20 } });
    const good = trainingQuality({ ...nothing, ratings: { count: 10, meanScore: 100 } });
    expect(poor.quality).toBe(2);
    expect(good.quality).toBe(10);
  });

  it('status thresholds: 80 ready, 50 in training, above 0 needs training', () => {
    expect([80, 79, 50, 49, 1, 0].map(statusFor)).toEqual([
      'ready_for_deployment',
      'in_training',
      'in_training',
      'needs_training',
      'needs_training',
      'untrained',
    ]);
  });
});
