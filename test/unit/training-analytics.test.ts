import { describe, expect, it } from 'vitest';
import {
  improvement,
  needingCorrection,
  overallScore,
  recentHistory,
  scoreTone,
} from '../../frontend/src/dashboard/training/training-analytics.js';

/** Records newest first, as the API lists them: `scores(100, 20)` means 100 is the newest. */
const scores = (...values: number[]) => values.map((score, i) => ({ id: `r${i}`, score }));

describe('Training studio analytics (spec 000 section 9)', () => {
  it('overall score is the rounded mean; nothing rated yet gives no score', () => {
    expect(overallScore([])).toBeNull();
    expect(overallScore(scores(100))).toBe(100);
    expect(overallScore(scores(20, 60, 85))).toBe(55); // 55
    expect(overallScore(scores(85, 100))).toBe(93); // 92.5 rounds up
    expect(overallScore(scores(20, 85))).toBe(53); // 52.5 rounds up
  });

  it('improvement appears from 10 records: the newest 5 against the 5 before them', () => {
    expect(improvement(scores(100, 100, 100, 100, 100, 20, 20, 20, 20))).toBeNull();
    expect(improvement(scores(100, 100, 100, 100, 100, 20, 20, 20, 20, 20))).toBe(80);
    expect(improvement(scores(20, 20, 20, 20, 20, 100, 100, 100, 100, 100))).toBe(-80);
    // Older records beyond the 10 newest do not count.
    expect(improvement(scores(85, 85, 85, 85, 85, 60, 60, 60, 60, 60, 20, 20))).toBe(25);
    // 85*2+60*3 = 350 / 5 = 70 against 20*4+100 = 180 / 5 = 36: 34
    expect(improvement(scores(85, 60, 85, 60, 60, 20, 20, 100, 20, 20))).toBe(34);
    expect(Object.is(improvement(scores(60, 60, 60, 60, 60, 60, 60, 60, 60, 60)), 0)).toBe(true);
  });

  it('history is the 10 newest, newest first', () => {
    const records = scores(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    expect(recentHistory(records).map((r) => r.score)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(recentHistory(scores(85))).toHaveLength(1);
  });

  it('colours: 80 or more green, 60 to 79 yellow, below 60 red', () => {
    expect([100, 85, 80].map(scoreTone)).toEqual(['green', 'green', 'green']);
    expect([79, 60].map(scoreTone)).toEqual(['yellow', 'yellow']);
    expect([59, 20].map(scoreTone)).toEqual(['red', 'red']);
  });

  it('items below 80 go to Corrections', () => {
    expect(needingCorrection(scores(100, 20, 85, 60)).map((r) => r.score)).toEqual([20, 60]);
  });
});
