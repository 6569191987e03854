import { describe, expect, it } from 'vitest';
import { openConnectionIds } from '../../functions/core/realtime/connections.js';

describe("a user's open sockets", () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const seconds = now.getTime() / 1000;

  it('are the entries not past their expiry, whatever the characters of their ids', () => {
    expect(openConnectionIds([`abc123= ${seconds + 60}`, `gone== ${seconds - 1}`, `x y ${seconds + 1}`], now)).toEqual(['abc123=', 'x y']);
  });

  it('are none for a user who never opened one, or whose last one expired at this second', () => {
    expect(openConnectionIds(undefined, now)).toEqual([]);
    expect(openConnectionIds(new Set([`abc ${seconds}`]), now)).toEqual([]);
  });
});
