import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildKnowledgeIndex, searchIndexOfBuilt } from '../../../functions/core/knowledge/index-knowledge.js';
import { embeddingProviderFromEnv, openAiEmbeddings } from '../../../functions/core/knowledge/openai-embeddings.js';
import { bakeryDocuments } from './small-business-documents.js';

type EmbeddingRequest = { model: string; input: string[]; dimensions?: number; encoding_format?: string };

/**
 * A local stand-in for the OpenAI embeddings endpoint. The vector of a text is [its length, 1], and
 * the items come back in reverse order, as the API is free to do (each carries its index).
 */
function startFakeOpenAi() {
  const requests: { body: EmbeddingRequest; authorization?: string; path?: string }[] = [];
  let failWith: number | undefined;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as EmbeddingRequest;
      requests.push({ body, authorization: req.headers.authorization, path: req.url });
      res.setHeader('content-type', 'application/json');
      if (failWith) {
        res.statusCode = failWith;
        res.end(JSON.stringify({ error: { message: 'Invalid input', type: 'invalid_request_error' } }));
        return;
      }
      const data = body.input.map((text, index) => {
        const vector = Float32Array.of(text.length, 1);
        const embedding =
          body.encoding_format === 'base64' ? Buffer.from(vector.buffer).toString('base64') : Array.from(vector);
        return { object: 'embedding', index, embedding };
      });
      res.end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse(), usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  return {
    requests,
    fail: (status: number | undefined) => (failWith = status),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const envNames = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_EMBEDDING_MODEL', 'OPENAI_EMBEDDING_DIMENSIONS'] as const;

describe('OpenAI embeddings', () => {
  const fake = startFakeOpenAi();
  let baseURL: string;
  const savedEnv: Partial<Record<(typeof envNames)[number], string>> = {};

  beforeAll(async () => {
    baseURL = await fake.listen();
    process.env.LOG_LEVEL = 'silent';
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.fail(undefined);
    for (const name of envNames) {
      savedEnv[name] = process.env[name];
      delete process.env[name];
    }
  });
  afterEach(() => {
    for (const name of envNames) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
  });

  it('sends batches to the configured base URL and returns one vector per text, in order', async () => {
    const provider = openAiEmbeddings({ apiKey: 'sk-test', baseURL, batchSize: 2 });
    const texts = ['a', 'bb', 'ccc', '', 'eeeee'];
    const vectors = await provider.embed(texts);
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [1, 1], // the API refuses empty strings: a space is sent
      [5, 1],
    ]);
    expect(vectors.every((vector) => vector instanceof Float32Array)).toBe(true);
    expect(fake.requests.map((request) => request.body.input)).toEqual([['a', 'bb'], ['ccc', ' '], ['eeeee']]);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer sk-test',
      body: { model: 'text-embedding-3-small', dimensions: 512 },
    });
    expect(provider.model).toBe('text-embedding-3-small@512');
  });

  it('rejects when the API refuses the request', async () => {
    fake.fail(400);
    await expect(openAiEmbeddings({ apiKey: 'sk-test', baseURL }).embed(['x'])).rejects.toThrow(/Invalid input/);
  });

  it('is not configured without OPENAI_API_KEY, and then indexing makes no request', async () => {
    process.env.OPENAI_BASE_URL = baseURL;
    expect(embeddingProviderFromEnv()).toBeUndefined();
    const built = await buildKnowledgeIndex(bakeryDocuments);
    expect(searchIndexOfBuilt(built).vectors).toBeUndefined();
    expect(fake.requests).toEqual([]);
  });

  it('follows OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_EMBEDDING_MODEL and OPENAI_EMBEDDING_DIMENSIONS', async () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: baseURL });
    const provider = embeddingProviderFromEnv();
    expect(provider?.model).toBe('text-embedding-3-small@512');
    expect(embeddingProviderFromEnv()).toBe(provider);

    process.env.OPENAI_EMBEDDING_DIMENSIONS = '1536';
    expect(embeddingProviderFromEnv()?.model).toBe('text-embedding-3-small@1536');

    process.env.OPENAI_EMBEDDING_MODEL = 'text-embedding-ada-002';
    delete process.env.OPENAI_EMBEDDING_DIMENSIONS;
    const ada = embeddingProviderFromEnv()!;
    expect(ada.model).toBe('text-embedding-ada-002');
    await ada.embed(['hello']);
    expect(fake.requests[0]?.authorization).toBe('Bearer sk-env');
    expect(fake.requests[0]?.body).not.toHaveProperty('dimensions');
  });

  it('gives indexes vectors when a key is configured', async () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: baseURL });
    const built = await buildKnowledgeIndex(bakeryDocuments);
    const index = searchIndexOfBuilt(built);
    expect(index.vectors).toMatchObject({ model: 'text-embedding-3-small@512', dimensions: 2 });
    expect(index.vectors?.data.length).toBe(built.chunkCount * 2);
    expect(fake.requests.flatMap((request) => request.body.input)).toHaveLength(built.chunkCount);
  });
});
