import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDevLock } from '../../local/dev-lock.js';

describe('one npm run dev per data folder', () => {
  it('refuses a second runtime while the first holds the lock, with a clear message', () => {
    const lockFile = join(mkdtempSync(join(tmpdir(), 'lock-')), 'dev.lock');
    const first = acquireDevLock(lockFile);
    expect(() => acquireDevLock(lockFile)).toThrow(/Another `npm run dev` is already running \(pid \d+\)/);
    first.release();
    acquireDevLock(lockFile).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const lockFile = join(mkdtempSync(join(tmpdir(), 'lock-')), 'dev.lock');
    writeFileSync(lockFile, '999999999');
    const lock = acquireDevLock(lockFile);
    lock.release();
  });
});
