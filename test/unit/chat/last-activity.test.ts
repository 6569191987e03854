import { describe, expect, it } from 'vitest';
import { LAST_ACTIVITY_STEP_MS, lastActivityDue } from '../../../functions/core/chat/conversation-store.js';

const current = (lastMessageAt: string, activeHour: string | undefined = lastMessageAt.slice(0, 13)) => ({
  conversation_id: 'c1',
  last_message_at: lastMessageAt,
  ...(activeHour && { active_hour: activeHour }),
});
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe("a turn moves the visitor's last activity", () => {
  const last = '2026-12-02T10:20:00.000Z';

  it('not again within a minute of the stored one in the same hour (a live chat writes it once a minute)', () => {
    expect(lastActivityDue(current(last), later(last, 5_000))).toBe(false);
    expect(lastActivityDue(current(last), later(last, LAST_ACTIVITY_STEP_MS - 1))).toBe(false);
  });

  it('once a minute has passed', () => {
    expect(lastActivityDue(current(last), later(last, LAST_ACTIVITY_STEP_MS))).toBe(true);
  });

  it('whenever the hour changes, so active users are counted in the right hour', () => {
    expect(lastActivityDue(current('2026-12-02T10:59:50.000Z'), '2026-12-02T11:00:01.000Z')).toBe(true);
  });

  it('when the visitor was stored before active users were counted by hour', () => {
    expect(lastActivityDue({ conversation_id: 'c1', last_message_at: last }, later(last, 1_000))).toBe(true);
  });
});
