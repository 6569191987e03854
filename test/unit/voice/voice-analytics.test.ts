import { describe, expect, it } from 'vitest';
import { summarizeVoiceSessions } from '../../../functions/core/voice/voice-analytics.js';

describe('voice analytics from stored sessions', () => {
  it('averages durations from init to close, or to the last answer when the close never arrived', () => {
    const figures = summarizeVoiceSessions([
      { started_at: '2026-11-20T10:00:00.000Z', ended_at: '2026-11-20T10:01:00.000Z', turns: 3, answered: 2, fallback: 1 },
      { started_at: '2026-11-20T12:00:00.000Z', last_activity_at: '2026-11-20T12:02:00.000Z', turns: 1, answered: 1, fallback: 0 },
      { started_at: '2026-11-22T09:00:00.000Z', ended_at: '2026-11-22T09:03:00.000Z', turns: 4, answered: 1, fallback: 2 },
    ]);
    expect(figures).toEqual({
      days: 30,
      sessions: 3,
      average_duration_seconds: 120,
      turns: 8,
      answered: 4,
      fallback: 3,
      answered_share: 50,
      fallback_share: 38,
      per_day: [
        { day: '2026-11-20', sessions: 2, turns: 4 },
        { day: '2026-11-22', sessions: 1, turns: 4 },
      ],
    });
  });

  it('counts a session nobody spoke in as a session of no length, and no shares without turns', () => {
    expect(summarizeVoiceSessions([{ started_at: '2026-11-20T10:00:00.000Z', turns: 0 }])).toMatchObject({
      sessions: 1,
      average_duration_seconds: 0,
      turns: 0,
      answered_share: 0,
      fallback_share: 0,
    });
  });
});
