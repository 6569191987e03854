import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One runtime per data folder: two DynamoDB Local processes on one file corrupt it. The lock file
 * holds the owner's pid; a lock left by a process that died is taken over.
 */
export function acquireDevLock(lockFile: string): { release(): void } {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => rmSync(lockFile, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && isRunning(owner)) {
        throw new Error(
          `Another \`npm run dev\` is already running (pid ${owner}) and owns ${lockFile}.\n` +
            'Use that one, or stop it (Ctrl+C in its terminal) before starting a new one.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
