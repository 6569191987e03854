import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/**
 * The two OpenAI endpoints the functions call (chat completions and embeddings), over node:https.
 *
 * Not the `openai` SDK: its client class references every resource of the API, so it cannot be
 * tree-shaken and adds about 155 KB to each Lambda bundle that imports it, against a budget of 1 MB
 * (ARCHITECTURE.md section 8). Retries follow the SDK's rules: connection errors, time-outs, 408, 409,
 * 429 and 5xx (or what `x-should-retry` says), after the server's `retry-after` or an exponential backoff.
 * Not `fetch` either: its first call loads undici (tens of milliseconds of a cold start) and each call
 * costs more than a request on the node:https agent the AWS SDK has loaded already (keep-alive, like fetch).
 */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiConnection {
  apiKey: string;
  /** Defaults to the API's; a local fake in tests (`OPENAI_BASE_URL`). */
  baseURL?: string;
  /** For each attempt. */
  timeoutMs: number;
  /** Attempts after the first one. */
  maxRetries: number;
  /** Until the TCP connection is up, within each attempt; DEFAULT_CONNECT_TIMEOUT_MS by default. */
  connectTimeoutMs?: number;
  /**
   * All attempts and the waits between them: the caller's share of its route's time limit. Each
   * attempt gets what is left (at most `timeoutMs`); no retry starts with less than MIN_ATTEMPT_MS.
   */
  totalTimeoutMs?: number;
  /** Ends the request in flight and any retry (the caller has run out of time). */
  signal?: AbortSignal;
}

/** The API refused the request or could not be reached; the message says why (with the HTTP status). */
export class OpenAiError extends Error {
  override readonly name = 'OpenAiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: 'json_object' | 'text' };
}

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  dimensions?: number;
}

const MAX_RETRY_AFTER_MS = 60_000;
/** The API's edge answers a connection in milliseconds; a connect that takes seconds will not come. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
/** Less time than this left in the total budget: no further attempt. */
export const MIN_ATTEMPT_MS = 1_000;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

class TimedOut extends Error {}
class NotConnected extends Error {}
class Aborted extends Error {}

/** Waits `ms`, or less when the signal aborts meanwhile. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
const header = (headers: IncomingHttpHeaders | undefined, name: string) => {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
};

export function retryDelayMs(attempt: number, answer?: Answer): number {
  const afterMs = Number(header(answer?.headers, 'retry-after-ms'));
  if (afterMs > 0 && afterMs < MAX_RETRY_AFTER_MS) return afterMs;
  const after = header(answer?.headers, 'retry-after');
  if (after) {
    const ms = Number.isNaN(Number(after)) ? Date.parse(after) - Date.now() : Number(after) * 1000;
    if (ms > 0 && ms < MAX_RETRY_AFTER_MS) return ms;
  }
  return Math.min(500 * 2 ** attempt, 8_000) * (1 - Math.random() * 0.25);
}

export function retryable(answer: Answer): boolean {
  const told = header(answer.headers, 'x-should-retry');
  if (told === 'true' || told === 'false') return told === 'true';
  return [408, 409, 429].includes(answer.status) || answer.status >= 500;
}

export function refusal(answer: Answer): OpenAiError {
  let message: unknown;
  try {
    const body = JSON.parse(answer.text) as { error?: { message?: unknown }; message?: unknown };
    message = body.error?.message ?? body.message;
  } catch {
    message = answer.text.slice(0, 300);
  }
  return new OpenAiError(`${answer.status} ${typeof message === 'string' && message ? message : 'Request failed'}`, answer.status);
}

/** One POST with a deadline for the connection and one for the whole exchange. */
function send(
  url: URL,
  body: string | Buffer,
  apiKey: string,
  timeouts: { connectMs: number; totalMs: number },
  signal?: AbortSignal,
  contentType = 'application/json',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Aborted());
    const headers = {
      authorization: `Bearer ${apiKey}`,
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      accept: 'application/json',
    };
    const request = (url.protocol === 'http:' ? http : https).request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        settle();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const deadline = setTimeout(() => request.destroy(new TimedOut()), timeouts.totalMs);
    const connectDeadline = setTimeout(() => request.destroy(new NotConnected()), Math.min(timeouts.connectMs, timeouts.totalMs));
    // A kept-alive socket is connected already.
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectDeadline);
      else socket.once('connect', () => clearTimeout(connectDeadline));
    });
    const abort = () => request.destroy(new Aborted());
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => {
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      signal?.removeEventListener('abort', abort);
    };
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    request.end(body);
  });
}

/** A body sent as it is (a multipart upload) instead of as JSON. */
interface EncodedBody {
  bytes: Buffer;
  contentType: string;
}

async function post<T>(path: string, body: unknown, connection: OpenAiConnection): Promise<T> {
  const url = new URL(`${(connection.baseURL || OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '')}/${path}`);
  const encoded = body as EncodedBody;
  const raw = Buffer.isBuffer(encoded?.bytes);
  const json = raw ? encoded.bytes : JSON.stringify(body);
  const contentType = raw ? encoded.contentType : 'application/json';
  const { signal } = connection;
  const connectMs = connection.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const endsAt = Date.now() + (connection.totalTimeoutMs ?? Infinity);
  const left = () => endsAt - Date.now();
  /** Whether another attempt fits after waiting `delayMs`. */
  const canRetry = (attempt: number, delayMs: number) => attempt < connection.maxRetries && left() - delayMs >= MIN_ATTEMPT_MS;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new OpenAiError('Request aborted.');
    let answer: Answer;
    try {
      answer = await send(url, json, connection.apiKey, { connectMs, totalMs: Math.min(connection.timeoutMs, left()) }, signal, contentType);
    } catch (error) {
      if (error instanceof Aborted) throw new OpenAiError('Request aborted.');
      const delay = retryDelayMs(attempt);
      if (canRetry(attempt, delay)) {
        await sleep(delay, signal);
        continue;
      }
      if (error instanceof NotConnected) throw new OpenAiError(`Could not connect within ${connectMs} ms.`);
      throw new OpenAiError(error instanceof TimedOut ? 'Request timed out.' : `Connection error: ${(error as Error).message}`);
    }
    if (answer.status >= 200 && answer.status < 300) {
      try {
        return JSON.parse(answer.text) as T;
      } catch {
        throw new OpenAiError(`${answer.status} The answer is not JSON`, answer.status);
      }
    }
    const delay = retryDelayMs(attempt, answer);
    if (retryable(answer) && canRetry(attempt, delay)) {
      await sleep(delay, signal);
      continue;
    }
    throw refusal(answer);
  }
}

/** The text of the first choice (undefined when the model wrote none). */
export async function chatCompletionText(request: ChatCompletionRequest, connection: OpenAiConnection): Promise<string | undefined> {
  const completion = await post<{ choices?: { message?: { content?: string | null } }[] }>('chat/completions', request, connection);
  return completion.choices?.[0]?.message?.content ?? undefined;
}

/** One vector per input, in input order. Asked for as base64, as the SDK does: about a quarter of the JSON to parse. */
export async function embeddingVectors(request: EmbeddingsRequest, connection: OpenAiConnection): Promise<Float32Array[]> {
  const response = await post<{ data?: { index: number; embedding: string | number[] }[] }>(
    'embeddings',
    { ...request, encoding_format: 'base64' },
    connection,
  );
  const data = response.data ?? [];
  const vectors: (Float32Array | undefined)[] = Array.from({ length: request.input.length }, () => undefined);
  for (const item of data) vectors[item.index] = toVector(item.embedding);
  if (!vectors.every((vector) => vector !== undefined)) {
    throw new OpenAiError(`Embedding response has ${data.length} vectors for ${request.input.length} inputs`);
  }
  return vectors as Float32Array[];
}

function toVector(embedding: string | number[]): Float32Array {
  if (Array.isArray(embedding)) return Float32Array.from(embedding);
  // Copied: the decoded buffer may start at an offset that is not a multiple of 4 (Node's buffer pool).
  const bytes = Buffer.from(embedding, 'base64');
  const vector = new Float32Array(bytes.length / 4);
  new Uint8Array(vector.buffer).set(bytes);
  return vector;
}

/**
 * Speech to text (`audio/transcriptions`): the audio is uploaded as a multipart form, as the SDK's
 * `audio.transcriptions.create` sends it; the answer's text.
 */
export async function transcriptionText(
  request: { model: string; file: Buffer; fileName: string; language?: string },
  connection: OpenAiConnection,
): Promise<string> {
  const boundary = `----assistly${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const bytes = Buffer.concat([
    Buffer.from(field('model', request.model) + (request.language ? field('language', request.language) : '') + field('response_format', 'json')),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${request.fileName}"\r\ncontent-type: audio/wav\r\n\r\n`),
    request.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await post<{ text?: string }>('audio/transcriptions', { bytes, contentType: `multipart/form-data; boundary=${boundary}` }, connection);
  return answer.text ?? '';
}
