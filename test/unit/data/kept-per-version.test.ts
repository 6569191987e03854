import { describe, expect, it } from 'vitest';
import { keptPerVersion } from '../../../functions/core/data/kept-per-version.js';

/** A read that counts how often each key was read, so a test sees when the store was asked again. */
function countingRead(fail = new Set<string>()) {
  const reads: string[] = [];
  const read = async (key: string) => {
    reads.push(key);
    if (fail.has(key)) throw new Error(`read of ${key} failed`);
    return `${key}#${reads.length}`;
  };
  return { reads, read };
}

describe('keptPerVersion', () => {
  it('reads a key once per version and again after the version changes', async () => {
    const { reads, read } = countingRead();
    const kept = keptPerVersion(read);
    expect(await kept('bot-1', 'v1')).toBe('bot-1#1');
    expect(await kept('bot-1', 'v1')).toBe('bot-1#1');
    expect(await kept('bot-1', 'v2')).toBe('bot-1#2');
    expect(reads).toEqual(['bot-1', 'bot-1']);
  });

  it('does not keep a failed read: the next call asks the store again', async () => {
    const failing = new Set(['bot-1']);
    const { reads, read } = countingRead(failing);
    const kept = keptPerVersion(read);
    await expect(kept('bot-1', 'v1')).rejects.toThrow('failed');
    failing.clear();
    expect(await kept('bot-1', 'v1')).toBe('bot-1#2');
    expect(reads).toHaveLength(2);
  });

  it('forgets the least recently used key beyond its capacity', async () => {
    const { reads, read } = countingRead();
    const kept = keptPerVersion(read, 2);
    await kept('a', 'v1');
    await kept('b', 'v1');
    await kept('a', 'v1'); // a is now the most recently used
    await kept('c', 'v1'); // b is forgotten
    await kept('a', 'v1');
    await kept('b', 'v1');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
