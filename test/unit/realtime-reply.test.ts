import { describe, expect, it } from 'vitest';
import { replyTo } from '../../functions/core/realtime/handle-message.js';

describe('replies to WebSocket messages', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('answers the heartbeat ping with a pong carrying its id', () => {
    expect(replyTo(JSON.stringify({ action: 'ping', id: 'a1' }), now)).toEqual({ type: 'pong', id: 'a1', time: now.toISOString() });
    expect(replyTo(JSON.stringify({ action: 'ping' }), now)).toEqual({ type: 'pong', time: now.toISOString() });
  });

  it('hands a typing event on to be relayed (it needs the socket and the conversation)', () => {
    expect(replyTo(JSON.stringify({ action: 'typing', conversation_id: 'c1' }), now)).toEqual({ action: 'typing', conversation_id: 'c1' });
    expect(replyTo(JSON.stringify({ action: 'typing' }), now)).toMatchObject({ type: 'error' });
  });

  it('explains what is wrong with a message it cannot handle', () => {
    expect(replyTo('{', now)).toEqual({ type: 'error', message: 'Messages must be JSON' });
    expect(replyTo(undefined, now)).toEqual({ type: 'error', message: 'Messages must be JSON' });
    const unknown = replyTo(JSON.stringify({ action: 'fly' }), now);
    expect(unknown).toMatchObject({ type: 'error' });
    expect((unknown as { message: string }).message).toMatch(/^Invalid request: action/);
  });
});
