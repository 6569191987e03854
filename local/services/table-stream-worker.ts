import { parentPort, workerData } from 'node:worker_threads';
import { startTableStream } from './table-stream.js';
import type { ThreadAnswer, ThreadQuestion } from './table-stream-thread.js';

/** The table stream's thread (table-stream-thread.ts): polls the stream and answers the API's process. */
const { endpoint, tableName, calls } = workerData as { endpoint: string; tableName: string; calls: Int32Array };
const stream = await startTableStream({ endpoint, tableName, countCall: () => Atomics.add(calls, 0, 1) });
const port = parentPort!;
port.on('message', ({ id, ask }: ThreadQuestion) => {
  (ask === 'caughtUp' ? stream.caughtUp() : stream.stop()).then(
    () => port.postMessage({ id } satisfies ThreadAnswer),
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies ThreadAnswer),
  );
});
port.postMessage('ready');
