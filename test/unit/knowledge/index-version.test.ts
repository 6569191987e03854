import { describe, expect, it } from 'vitest';
import { isIndexVersion, newIndexVersion } from '../../../functions/core/knowledge/index-store.js';

describe('index versions', () => {
  it('sort in the order they were made, also within one millisecond', () => {
    const now = new Date('2026-05-01T10:00:00.000Z');
    const versions = Array.from({ length: 50 }, () => newIndexVersion(now));
    expect(versions.every(isIndexVersion)).toBe(true);
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions.map((v) => v.slice(0, 19))).size).toBe(50);
  });
});
