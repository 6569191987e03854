import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { forEachLimited } from '../../../functions/core/crawl/engine/run-store.js';

describe('forEachLimited (a crawl worker reading its batch a few pages at a time)', () => {
  it('passes a failure on only after the pages under way are done, so their reading is not cut off by the clean-up', async () => {
    const finished: string[] = [];
    const run = forEachLimited(['dies', 'slow', 'never started'], 2, async (page) => {
      if (page === 'dies') throw new Error('the database refused');
      await sleep(50);
      finished.push(page);
    });
    await expect(run).rejects.toThrow('the database refused');
    expect(finished).toEqual(['slow']);
  });

  it('reads every item, at most `limit` at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5], 2, async (item) => {
      most = Math.max(most, ++inFlight);
      await sleep(5);
      seen.push(item);
      inFlight -= 1;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
