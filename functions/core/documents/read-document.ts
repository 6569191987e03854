import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
/** What V8 prints when a reader passes its heap limit (the process then aborts). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;
const STDERR_TAIL_CHARS = 4_000;

/** A reader process, with the end of what it printed on stderr (how an out-of-memory death is told apart). */
interface Reader {
  process: ChildProcess;
  stderrTail: () => string;
}

/**
 * Reads a document's text in a child process, off the request's event loop: parsing a hostile file
 * cannot stall the other requests of the process (the local runtime serves every route from one),
 * and whatever the parser does, it is stopped at the wall-time and memory limits by killing the
 * process, with a 422 naming the limit. A process, not a worker thread: terminating a thread in the
 * middle of a zlib call aborts the whole host process (Node's "close before init" assertion), and PDF.js
 * and the Word readers inflate all the time; a killed process takes nothing else down. The reader's own
 * limits (unpacked bytes, XML depth and elements, text length) answer 422 from inside it. A reader that
 * finished cleanly is kept for the next document (as a warm Lambda keeps its modules), so PDF.js loads
 * once per instance.
 */
export async function readDocument(extension: DocumentExtension, bytes: Uint8Array, limits = DEFAULT_LIMITS): Promise<ExtractedDocument> {
  const reader = await takeReader(limits.memoryMb);
  const child = reader.process;
  let reusable = false;
  try {
    const reply = await new Promise<ExtractionReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(unprocessableDocument(timeLimitMessage(limits.timeMs)));
      }, limits.timeMs);
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage).off('error', onError).off('close', onExit);
      };
      const onMessage = (message: ExtractionReply) => {
        done();
        resolve(message);
      };
      const onError = (error: Error) => {
        done();
        reject(readerFailure(error, reader, limits));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        reject(readerFailure(new Error(`The document reader stopped (exit code ${code}, signal ${signal})`), reader, limits));
      };
      // 'close', not 'exit': only then has all the reader printed on stderr (how running out of memory is told) been read.
      child.on('message', onMessage).once('error', onError).once('close', onExit);
      child.send({ extension, bytes } satisfies ExtractionRequest);
    });
    reusable = true;
    if (reply.ok) return { text: reply.text, contentType: reply.contentType };
    if ('status' in reply) throw new HttpError(reply.status, reply.message);
    log.error('Reading a document failed unexpectedly', { extension, error: reply.crash });
    throw unprocessableDocument(UNREADABLE_MESSAGE);
  } finally {
    if (reusable && limits.memoryMb === DEFAULT_LIMITS.memoryMb) release(reader);
    else child.kill('SIGKILL');
  }
}

/** Starts a reader ahead of need (while the upload is still being fetched), so the document waits less. */
export function warmDocumentReader(): void {
  if (idle.size || starting) return;
  starting = Promise.resolve(startReader(DEFAULT_LIMITS.memoryMb)).then(
    (reader) => {
      starting = undefined;
      release(reader);
    },
    (error: unknown) => {
      starting = undefined;
      log.warn('Starting a document reader ahead of need failed', { error });
    },
  );
}

const idle = new Set<Reader>();
let starting: Promise<void> | undefined;

async function takeReader(memoryMb: number): Promise<Reader> {
  if (memoryMb !== DEFAULT_LIMITS.memoryMb) return startReader(memoryMb);
  await starting;
  const [reader] = idle;
  if (!reader) return startReader(memoryMb);
  idle.delete(reader);
  holdsProcessOpen(reader.process, true);
  return reader;
}

function release(reader: Reader): void {
  if (idle.size >= MAX_IDLE_READERS || !reader.process.connected) {
    reader.process.kill('SIGKILL');
    return;
  }
  // An idle reader keeps no process alive, and one that dies while idle is forgotten.
  holdsProcessOpen(reader.process, false);
  reader.process.removeAllListeners('exit').once('exit', () => idle.delete(reader));
  idle.add(reader);
}

function holdsProcessOpen(child: ChildProcess, hold: boolean): void {
  // The stderr pipe is a socket (it has ref/unref), typed as a plain Readable.
  const handles = [child, child.channel, child.stderr as Partial<Pick<ChildProcess, 'ref' | 'unref'>> | null];
  for (const handle of handles) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}

function readerFailure(error: Error, reader: Reader, limits: ReadLimits): Error {
  const stderr = reader.stderrTail();
  if (OUT_OF_MEMORY.test(stderr)) return unprocessableDocument(memoryLimitMessage(limits.memoryMb));
  log.error('The document reader failed', { error, stderr });
  return unprocessableDocument(UNREADABLE_MESSAGE);
}

/**
 * Deployed, the reader is `extract-worker.mjs` beside the handler's `index.mjs` (lib/side-entries.ts).
 * Run from the sources (the local runtime, the tests), it loads the TypeScript through tsx's loader,
 * which this never reaches on Lambda.
 */
function startReader(memoryMb: number): Reader {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSources ? './extract-worker.ts' : './extract-worker.mjs', import.meta.url));
  const execArgv = [`--max-old-space-size=${memoryMb}`];
  if (fromSources) execArgv.push('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href);
  const child = fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  let tail = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  return { process: child, stderrTail: () => tail };
}
