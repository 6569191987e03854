import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  MIN_ATTEMPT_MS,
  OPENAI_DEFAULT_BASE_URL,
  OpenAiError,
  refusal,
  retryDelayMs,
  retryable,
  sleep,
  type ChatCompletionRequest,
  type OpenAiConnection,
} from './openai-api.js';

/**
 * A chat completion asked for with `stream: true` (server-sent events), for answers streamed to the
 * visitor (core/chat/answer-stream.ts). Same client rules as openai-api.ts: a refusal or a connection
 * failure is retried while no text has come; once the answer has begun, a failure ends it (its pieces
 * may have been shown already, so it is not started again).
 */
export async function* chatCompletionDeltas(request: ChatCompletionRequest, connection: OpenAiConnection): AsyncGenerator<string> {
  const endsAt = Date.now() + (connection.totalTimeoutMs ?? Infinity);
  const { response, destroy, settle } = await openStream(request, connection, endsAt);
  let buffer = '';
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      buffer += chunk.toString('utf8');
      let end: number;
      // Events are separated by a blank line; each of ours is one `data:` line.
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const delta = deltaOf(data);
        if (delta) yield delta;
      }
    }
  } catch (error) {
    if (error instanceof OpenAiError) throw error;
    throw new OpenAiError(error instanceof TimedOut ? 'Request timed out.' : `Connection error: ${(error as Error).message}`);
  } finally {
    settle();
    // The caller stopped reading (a sentence failed the check): the rest of the answer is not needed.
    destroy();
  }
}

function deltaOf(data: string): string | undefined {
  let event: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
  try {
    event = JSON.parse(data);
  } catch {
    throw new OpenAiError('A streamed event is not JSON');
  }
  if (event.error) throw new OpenAiError(event.error.message ?? 'The model stopped with an error');
  return event.choices?.[0]?.delta?.content ?? undefined;
}

class TimedOut extends Error {}

interface OpenedStream {
  response: IncomingMessage;
  destroy(): void;
  settle(): void;
}

/** The answer's response once its status is 2xx, after the retries a refusal or connection failure allows. */
async function openStream(request: ChatCompletionRequest, connection: OpenAiConnection, endsAt: number): Promise<OpenedStream> {
  const url = new URL(`${(connection.baseURL || OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '')}/chat/completions`);
  const body = JSON.stringify({ ...request, stream: true });
  const left = () => endsAt - Date.now();
  for (let attempt = 0; ; attempt++) {
    if (connection.signal?.aborted) throw new OpenAiError('Request aborted.');
    const opened = await attemptStream(url, body, connection, Math.min(connection.timeoutMs, left())).catch((error: Error) => error);
    if (!(opened instanceof Error) && !('status' in opened)) return opened;
    const delay = retryDelayMs(attempt, opened instanceof Error ? undefined : opened);
    const mayRetry = opened instanceof Error || retryable(opened);
    if (mayRetry && attempt < connection.maxRetries && left() - delay >= MIN_ATTEMPT_MS) {
      await sleep(delay, connection.signal);
      continue;
    }
    if (!(opened instanceof Error)) throw refusal(opened);
    if (opened instanceof OpenAiError) throw opened;
    throw new OpenAiError(opened instanceof TimedOut ? 'Request timed out.' : `Connection error: ${opened.message}`);
  }
}

/** One POST: the open response (2xx), or the refusal's status, headers and text. */
function attemptStream(
  url: URL,
  body: string,
  connection: OpenAiConnection,
  totalMs: number,
): Promise<OpenedStream | { status: number; headers: IncomingMessage['headers']; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${connection.apiKey}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      accept: 'text/event-stream',
    };
    const connectMs = connection.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const request = (url.protocol === 'http:' ? http : https).request(url, { method: 'POST', headers }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) {
        return resolve({ response, destroy: () => request.destroy(), settle });
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        settle();
        resolve({ status, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    // The deadline covers the whole answer, not only its start: a stalled stream ends.
    const deadline = setTimeout(() => request.destroy(new TimedOut()), totalMs);
    const connectDeadline = setTimeout(() => request.destroy(new OpenAiError(`Could not connect within ${connectMs} ms.`)), Math.min(connectMs, totalMs));
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectDeadline);
      else socket.once('connect', () => clearTimeout(connectDeadline));
    });
    const abort = () => request.destroy(new OpenAiError('Request aborted.'));
    connection.signal?.addEventListener('abort', abort, { once: true });
    function settle() {
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      connection.signal?.removeEventListener('abort', abort);
    }
    request.on('error', (error) => {
      // After the response began, its reader sees the error (the response stream is destroyed with it).
      reject(error);
    });
    request.end(body);
  });
}
