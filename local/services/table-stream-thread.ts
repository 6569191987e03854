import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { TableStream } from './table-stream.js';

/** What the thread is asked, and what it answers (by the question's id). */
export type ThreadQuestion = { id: number; ask: 'caughtUp' | 'stop' };
export interface ThreadAnswer {
  id: number;
  error?: string;
}

/**
 * The table stream's consumers in a thread of their own (table-stream-worker.ts), as Lambda runs them in
 * function instances of their own: in the API's event loop, each second's batch (the records of tens of
 * turns, read, filtered and counted at once) held up the chat turns it overlapped. The thread shares this
 * process's environment, so the handlers read the same configuration as the API's.
 */
export function startTableStreamThread(options: { endpoint: string; tableName: string }): Promise<TableStream> {
  const calls = new Int32Array(new SharedArrayBuffer(4));
  // The worker's module is TypeScript, as this one: loaded through tsx, which `npm run dev` and the tests run under.
  const entry = new URL('./table-stream-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, {
    eval: true,
    env: SHARE_ENV,
    workerData: { ...options, calls },
  });
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let asked = 0;
  let exited: Error | undefined;
  const ask = (question: ThreadQuestion['ask']) =>
    new Promise<void>((resolve, reject) => {
      if (exited) return reject(exited);
      pending.set(++asked, { resolve, reject });
      worker.postMessage({ id: asked, ask: question } satisfies ThreadQuestion);
    });
  worker.on('message', (answer: ThreadAnswer | 'ready') => {
    if (answer === 'ready') return;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error) waiting?.reject(new Error(answer.error));
    else waiting?.resolve();
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () =>
      resolve({
        caughtUp: () => ask('caughtUp'),
        calls: () => Atomics.load(calls, 0),
        stop: async () => {
          if (!exited) await ask('stop');
          await worker.terminate();
        },
      }),
    );
    worker.on('error', (error) => {
      console.error("The table stream's thread failed:", error);
      reject(error);
    });
    worker.on('exit', (code) => {
      exited = new Error(`The table stream's thread exited (code ${code})`);
      for (const waiting of pending.values()) waiting.reject(exited);
      pending.clear();
      reject(exited);
    });
  });
}
