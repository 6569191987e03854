import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentExtension } from '../../contracts/documents.js';
import { HttpError } from '../http/http-error.js';
import { log } from '../runtime/log.js';
import { unprocessableDocument } from './document-errors.js';
import type { ExtractedDocument } from './extract-text.js';
import type { ExtractionReply, ExtractionRequest } from './extract-worker.js';
import { EXTRACTION_MEMORY_MB, EXTRACTION_TIME_LIMIT_MS, memoryLimitMessage, timeLimitMessage } from './extraction-limits.js';

export interface ReadLimits {
  timeMs: number;
  memoryMb: number;
}

const DEFAULT_LIMITS: ReadLimits = { timeMs: EXTRACTION_TIME_LIMIT_MS, memoryMb: EXTRACTION_MEMORY_MB };
const UNREADABLE_MESSAGE = 'This document could not be read: it may be damaged. Please save it again and upload the new copy.';
/** Readers kept for the next document: Lambda runs one request at a time, the local runtime several. */
const MAX_IDLE_READERS = 2;

/**
 * Reads a document's text in a worker thread, off the request's event loop: parsing a hostile file
 * cannot stall the other requests of the process (the local runtime serves every route from one),
 * and whatever the parser does, it is stopped at the wall-time and memory limits by terminating the
 * worker, with a 422 naming the limit. The worker's own limits (unpacked bytes, XML depth and
 * elements, text length) answer 422 from inside it. A reader that finished cleanly is kept for the
 * next document (as a warm Lambda keeps its modules), so PDF.js loads once per instance.
 */
export async function readDocument(extension: DocumentExtension, bytes: Uint8Array, limits = DEFAULT_LIMITS): Promise<ExtractedDocument> {
  const worker = await takeReader(limits.memoryMb);
  let reusable = false;
  try {
    const reply = await new Promise<ExtractionReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(unprocessableDocument(timeLimitMessage(limits.timeMs)));
      }, limits.timeMs);
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const onMessage = (message: ExtractionReply) => {
        done();
        resolve(message);
      };
      const onError = (error: Error) => {
        done();
        reject(readerFailure(error, limits));
      };
      const onExit = (code: number) => {
        done();
        reject(readerFailure(new Error(`The document reader stopped (exit code ${code})`), limits));
      };
      worker.on('message', onMessage).once('error', onError).once('exit', onExit);
      worker.postMessage({ extension, bytes } satisfies ExtractionRequest);
    });
    reusable = true;
    if (reply.ok) return { text: reply.text, contentType: reply.contentType };
    if ('status' in reply) throw new HttpError(reply.status, reply.message);
    log.error('Reading a document failed unexpectedly', { extension, error: reply.crash });
    throw unprocessableDocument(UNREADABLE_MESSAGE);
  } finally {
    if (reusable && limits.memoryMb === DEFAULT_LIMITS.memoryMb) release(worker);
    else await worker.terminate();
  }
}

/** Starts a reader ahead of need (while the upload is still being fetched), so the document waits less. */
export function warmDocumentReader(): void {
  if (idle.size || starting) return;
  starting = Promise.resolve(startReader(DEFAULT_LIMITS.memoryMb)).then(
    (worker) => {
      starting = undefined;
      release(worker);
    },
    (error: unknown) => {
      starting = undefined;
      log.warn('Starting a document reader ahead of need failed', { error });
    },
  );
}

const idle = new Set<Worker>();
let starting: Promise<void> | undefined;

async function takeReader(memoryMb: number): Promise<Worker> {
  if (memoryMb !== DEFAULT_LIMITS.memoryMb) return startReader(memoryMb);
  await starting;
  const [worker] = idle;
  if (!worker) return startReader(memoryMb);
  idle.delete(worker);
  worker.ref();
  return worker;
}

function release(worker: Worker): void {
  if (idle.size >= MAX_IDLE_READERS) {
    void worker.terminate();
    return;
  }
  // An idle reader keeps no process alive, and one that dies while idle is forgotten.
  worker.unref();
  worker.removeAllListeners('exit').once('exit', () => idle.delete(worker));
  idle.add(worker);
}

function readerFailure(error: Error, limits: ReadLimits): Error {
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') return unprocessableDocument(memoryLimitMessage(limits.memoryMb));
  log.error('The document reader failed', { error });
  return unprocessableDocument(UNREADABLE_MESSAGE);
}

/**
 * Deployed, the reader is `extract-worker.mjs` beside the handler's `index.mjs` (lib/side-entries.ts).
 * Run from the sources (the local runtime, the tests), the worker loads the TypeScript through tsx's
 * API, which this never reaches on Lambda.
 */
function startReader(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./extract-worker.mjs', import.meta.url), { resourceLimits });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const source = new URL('./extract-worker.ts', import.meta.url).href;
  const load = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { eval: true, resourceLimits });
}
