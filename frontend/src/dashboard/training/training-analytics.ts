import type { TrainingRecord } from '@contracts/training';

/**
 * Spec 000 section 9, "Training scoring", as pure functions over records listed newest first (as the
 * API returns them).
 */

/** Items scoring below this go to the Corrections tab. */
export const CORRECTION_BELOW = 80;
/** Improvement compares the last IMPROVEMENT_WINDOW scores with the IMPROVEMENT_WINDOW before them. */
const IMPROVEMENT_WINDOW = 5;
/** History shows this many of the newest records. */
export const HISTORY_LENGTH = 10;

export type ScoreTone = 'green' | 'yellow' | 'red';

/** 80 or more green, 60 to 79 yellow, below 60 red. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}

const mean = (scores: readonly number[]) => scores.reduce((sum, score) => sum + score, 0) / scores.length;

/** The rounded mean of every score; null before anything was rated. */
export function overallScore(newestFirst: readonly Pick<TrainingRecord, 'score'>[]): number | null {
  return newestFirst.length ? Math.round(mean(newestFirst.map((record) => record.score))) : null;
}

/**
 * The mean of the last 5 scores minus the mean of the 5 before them, rounded; null below 10 records
 * (the spec shows it only from 10).
 */
export function improvement(newestFirst: readonly Pick<TrainingRecord, 'score'>[]): number | null {
  if (newestFirst.length < 2 * IMPROVEMENT_WINDOW) return null;
  const scores = newestFirst.map((record) => record.score);
  const last = scores.slice(0, IMPROVEMENT_WINDOW);
  const before = scores.slice(IMPROVEMENT_WINDOW, 2 * IMPROVEMENT_WINDOW);
  // Adding 0 turns a rounded -0 into 0, which reads better as "+0".
  return Math.round(mean(last) - mean(before)) + 0;
}

/** The newest HISTORY_LENGTH records, newest first. */
export function recentHistory<T>(newestFirst: readonly T[]): T[] {
  return newestFirst.slice(0, HISTORY_LENGTH);
}

/** What the Corrections tab lists: items scoring below 80, newest first. */
export function needingCorrection<T extends Pick<TrainingRecord, 'score'>>(newestFirst: readonly T[]): T[] {
  return newestFirst.filter((record) => record.score < CORRECTION_BELOW);
}
