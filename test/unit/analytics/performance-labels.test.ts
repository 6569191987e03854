import { describe, expect, it } from 'vitest';
import { escalationTone, formatDuration, performanceLabel, scoreTone } from '../../../frontend/src/dashboard/analytics/performance-labels.js';

describe('analytics labels and colours (spec 001 section 9)', () => {
  it('labels the performance score: 90+ Excellent, 80+ Good, 70+ Average, else Needs Improvement', () => {
    expect([100, 90, 89.9, 80, 79.9, 70, 69.9, 0].map(performanceLabel)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Average',
      'Average',
      'Needs Improvement',
      'Needs Improvement',
    ]);
  });

  it('colours scores 85+ green, 70+ yellow, else red; an escalation rate of at most 10 is good', () => {
    expect([85, 84.9, 70, 69.9].map(scoreTone)).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect([0, 10, 10.1, 50].map(escalationTone)).toEqual(['green', 'green', 'red', 'red']);
  });

  it('shows response times in ms under a second, else seconds', () => {
    expect(formatDuration(450)).toBe('450 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
  });
});
