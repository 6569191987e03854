import { describe, expect, it } from 'vitest';
import { statusFor, trainingQuality, type TrainingSignals } from '../../functions/core/training/training-quality.js';

const nothing: TrainingSignals = {
  probes: 0,
  answered: 0,
  failedQuestions: [],
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

  it('answering nearly every question made from its knowledge is enough for deployment, without training', () => {
    const small = trainingQuality({ ...nothing, probes: 12, answered: 11, failedQuestions: ['What about parking?'] });
    expect(small).toMatchObject({ quality: 83, status: 'ready_for_deployment' });
    const answers = small.parts.find((p) => p.signal === 'answers')!;
    expect(answers.hint).toBe('It answered 11 of 12 questions made from its own knowledge. Teach it the ones it missed.');
    expect(answers.questions).toEqual(['What about parking?']);
  });

  it('too little knowledge to ask about cannot reach deployment even when all of it answers', () => {
    const thin = trainingQuality({ ...nothing, probes: 2, answered: 2, ratings: { count: 10, meanScore: 100 }, corrections: 5 });
    expect(thin.quality).toBeLessThan(50);
    expect(thin.parts[0]!.hint).toMatch(/Add more knowledge: 2 questions could be made/);
  });

  it('missed questions cost points and are named, five at most', () => {
    const failed = Array.from({ length: 8 }, (_, i) => `Question ${i}?`);
    const half = trainingQuality({ ...nothing, probes: 16, answered: 8, failedQuestions: failed });
    expect(half.quality).toBe(45);
    expect(half.parts[0]!.questions).toEqual(failed.slice(0, 5));
  });

  it('ratings add a little when good and take answer points away when mostly bad', () => {
    const base = { ...nothing, probes: 10, answered: 10 };
    expect(trainingQuality({ ...base, ratings: { count: 10, meanScore: 100 } }).quality).toBe(95);
    expect(trainingQuality({ ...base, ratings: { count: 10, meanScore: 20 } }).quality).toBe(64);
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
