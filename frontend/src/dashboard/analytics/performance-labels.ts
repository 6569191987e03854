import { GOOD_ESCALATION_RATE } from '@contracts/analytics';

export type Tone = 'green' | 'yellow' | 'red';

/** Spec 001 section 9: 90+ Excellent, 80+ Good, 70+ Average, else Needs Improvement. */
export function performanceLabel(score: number): string {
  if (score >= 90) return 'Excellent';
  if (score >= 80) return 'Good';
  if (score >= 70) return 'Average';
  return 'Needs Improvement';
}

/** Spec 001 section 9: 85+ green, 70+ yellow, else red. */
export function scoreTone(score: number): Tone {
  if (score >= 85) return 'green';
  if (score >= 70) return 'yellow';
  return 'red';
}

/** Spec 001 section 9: an escalation rate of at most 10 is good. */
export const escalationTone = (rate: number): Tone => (rate <= GOOD_ESCALATION_RATE ? 'green' : 'red');

export const TONE_TEXT: Record<Tone, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
};

export const TONE_BADGE: Record<Tone, string> = {
  green: 'border-green-200 bg-green-100 text-green-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  red: 'border-red-200 bg-red-100 text-red-800',
};

/** 1234 ms as "1.2 s", under a second as "450 ms". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
