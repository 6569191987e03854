import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatCompletionText, embeddingVectors, OpenAiError, type OpenAiConnection } from '../../functions/core/runtime/openai-api.js';

type Answer = (body: Record<string, unknown>, res: ServerResponse) => void;

/** A local stand-in for the API: answers each request with the next scripted answer (the last one repeats). */
function startApi() {
  const requests: { path?: string; authorization?: string; body: Record<string, unknown> }[] = [];
  let answers: Answer[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url, authorization: req.headers.authorization, body });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      answer(body, res);
    });
  });
  return {
    requests,
    script: (...next: Answer[]) => {
      answers = next;
      requests.length = 0;
    },
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_body, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const completion = (text: string) => json(200, { choices: [{ index: 0, message: { role: 'assistant', content: text } }] });
const apiError = (status: number, message: string, headers?: Record<string, string>) =>
  json(status, { error: { message, type: 'server_error' } }, headers);
// The server's retry-after keeps the retries of these tests immediate.
const now = { 'retry-after-ms': '1' };

describe('OpenAI API over fetch', () => {
  const api = startApi();
  let connection: OpenAiConnection;
  const ask = (over: Partial<OpenAiConnection> = {}) =>
    chatCompletionText({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello?' }] }, { ...connection, ...over });

  beforeAll(async () => {
    connection = { apiKey: 'sk-test', baseURL: await api.listen(), timeoutMs: 5_000, maxRetries: 2 };
  });
  afterAll(() => api.close());
  beforeEach(() => api.script(completion('Hi!')));

  it('posts the chat request with the key to <base URL>/chat/completions and returns the text of the first choice', async () => {
    expect(await ask()).toBe('Hi!');
    expect(api.requests).toEqual([
      {
        path: '/v1/chat/completions',
        authorization: 'Bearer sk-test',
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello?' }] },
      },
    ]);
  });

  it('retries rate limits and server errors, then answers', async () => {
    api.script(apiError(429, 'Slow down', now), apiError(503, 'Overloaded', now), completion('Finally'));
    expect(await ask()).toBe('Finally');
    expect(api.requests).toHaveLength(3);
  });

  it('gives up after maxRetries with the status and the API message', async () => {
    api.script(apiError(500, 'The server had an error', now));
    const error = await ask({ maxRetries: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAiError);
    expect(error).toMatchObject({ status: 500, message: '500 The server had an error' });
    expect(api.requests).toHaveLength(2);
  });

  it('does not retry a refused request, nor one the server says not to retry', async () => {
    api.script(apiError(401, 'Incorrect API key provided'));
    await expect(ask()).rejects.toThrow('401 Incorrect API key provided');
    expect(api.requests).toHaveLength(1);

    api.script(apiError(500, 'Do not repeat', { 'x-should-retry': 'false' }));
    await expect(ask()).rejects.toThrow('500 Do not repeat');
    expect(api.requests).toHaveLength(1);
  });

  it('reports an unreachable server and a server that does not answer in time', async () => {
    await expect(ask({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 })).rejects.toThrow(/^Connection error/);
    api.script(() => undefined);
    await expect(ask({ timeoutMs: 50, maxRetries: 0 })).rejects.toThrow('Request timed out.');
  });

  it('keeps all attempts within the total time limit: each gets what is left, none starts with too little', async () => {
    // Never answers: each attempt ends at its own limit or the total's.
    api.script(() => undefined);
    await expect(ask({ timeoutMs: 300, maxRetries: 10, totalTimeoutMs: 2_500 })).rejects.toThrow('Request timed out.');
    // 0.3 s, a backoff of about 0.5 s, 0.3 s, then a backoff of about 1 s would leave less than
    // MIN_ATTEMPT_MS (1 s): two attempts, not eleven.
    expect(api.requests).toHaveLength(2);

    // A retry-after beyond what is left is not waited for.
    api.script(apiError(503, 'Overloaded', { 'retry-after-ms': '5000' }));
    await expect(ask({ maxRetries: 3, totalTimeoutMs: 3_000 })).rejects.toThrow('503 Overloaded');
    expect(api.requests).toHaveLength(1);
  });

  it("stops the request in flight, and any retry, when the caller's signal aborts", async () => {
    api.script(() => undefined);
    const inFlight = new AbortController();
    const asking = ask({ timeoutMs: 60_000, signal: inFlight.signal });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    inFlight.abort();
    await expect(asking).rejects.toThrow('Request aborted.');

    // Aborted while waiting to retry: no further attempt.
    api.script(apiError(503, 'Overloaded', { 'retry-after-ms': '30000' }));
    const waiting = new AbortController();
    const retrying = ask({ signal: waiting.signal });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    waiting.abort();
    await expect(retrying).rejects.toThrow('Request aborted.');
    expect(api.requests).toHaveLength(1);
  });

  it('returns embeddings in input order from base64 or plain arrays', async () => {
    api.script((body, res) => {
      const input = body.input as string[];
      const data = input.map((text, index) => {
        const vector = Float32Array.of(text.length, index + 0.5);
        // The first item as base64 (what was asked for), the second as plain numbers; listed in reverse.
        return { index, embedding: index === 0 ? Buffer.from(vector.buffer).toString('base64') : Array.from(vector) };
      });
      json(200, { data: data.reverse() })(body, res);
    });
    const vectors = await embeddingVectors({ model: 'text-embedding-3-small', input: ['abc', 'hello'], dimensions: 2 }, connection);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [3, 0.5],
      [5, 1.5],
    ]);
    expect(vectors.every((vector) => vector instanceof Float32Array)).toBe(true);
    expect(api.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: ['abc', 'hello'], dimensions: 2, encoding_format: 'base64' },
    });
  });

  it('refuses an embeddings answer with a vector missing', async () => {
    api.script(json(200, { data: [{ index: 0, embedding: [1, 2] }] }));
    await expect(embeddingVectors({ model: 'm', input: ['a', 'b'] }, connection)).rejects.toThrow('1 vectors for 2 inputs');
  });
});
