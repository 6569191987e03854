import { embeddingVectors } from '../runtime/openai-api.js';
import type { EmbeddingProvider } from './embedding-provider.js';

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';
/**
 * text-embedding-3 models return shortened vectors on request at little loss of quality. 512 instead
 * of 1,536 dimensions makes the index a third of the size and brute-force scoring of 10,000 chunks
 * about 7 ms instead of about 20 ms. Other models get their native length.
 */
export const DEFAULT_EMBEDDING_DIMENSIONS = 512;
/** Inputs per request: 128 chunks of at most 250 words stay far below the per-request token limit. */
export const EMBEDDING_BATCH_SIZE = 128;
/** Requests in flight at once while indexing. */
const PARALLEL_REQUESTS = 4;

export type OpenAiEmbeddingsOptions = {
  apiKey: string;
  /** Defaults to the API's; a local fake server in tests. */
  baseURL?: string;
  model?: string;
  /** Vector length requested (text-embedding-3 models); defaults to DEFAULT_EMBEDDING_DIMENSIONS for them. */
  dimensions?: number;
  batchSize?: number;
};

export function openAiEmbeddings(options: OpenAiEmbeddingsOptions): EmbeddingProvider {
  const model = options.model ?? DEFAULT_EMBEDDING_MODEL;
  const dimensions = options.dimensions ?? (model.startsWith('text-embedding-3') ? DEFAULT_EMBEDDING_DIMENSIONS : undefined);
  const batchSize = options.batchSize ?? EMBEDDING_BATCH_SIZE;
  const connection = { apiKey: options.apiKey, baseURL: options.baseURL, timeoutMs: 30_000, maxRetries: 2 };

  // One text is a search query during a chat: it must leave the answer its time (openai-responder.ts).
  const query = { ...connection, timeoutMs: 4_000, maxRetries: 1, totalTimeoutMs: 6_000 };
  const embedBatch = (input: string[], signal?: AbortSignal): Promise<Float32Array[]> =>
    embeddingVectors({ model, input, ...(dimensions ? { dimensions } : {}) }, { ...(input.length === 1 ? query : connection), signal });

  return {
    // The length is part of the vector space: an index of 512 is not searched with vectors of 1,536.
    model: dimensions ? `${model}@${dimensions}` : model,
    async embed(texts, { signal } = {}) {
      const batches: string[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        // The API refuses empty strings.
        batches.push(texts.slice(start, start + batchSize).map((text) => text || ' '));
      }
      const results: Float32Array[][] = [];
      for (let start = 0; start < batches.length; start += PARALLEL_REQUESTS) {
        const round = batches.slice(start, start + PARALLEL_REQUESTS);
        results.push(...(await Promise.all(round.map((batch) => embedBatch(batch, signal)))));
      }
      return results.flat();
    },
  };
}

let cached: { key: string; provider: EmbeddingProvider } | undefined;

/**
 * The provider configured by the environment, or undefined without `OPENAI_API_KEY` (full-text search
 * only, no network). Reads `OPENAI_BASE_URL`, `OPENAI_EMBEDDING_MODEL` (default text-embedding-3-small)
 * and `OPENAI_EMBEDDING_DIMENSIONS` (default 512 for text-embedding-3 models). One client per warm Lambda and configuration.
 */
export function embeddingProviderFromEnv(): EmbeddingProvider | undefined {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return undefined;
  const baseURL = process.env.OPENAI_BASE_URL || undefined;
  const model = process.env.OPENAI_EMBEDDING_MODEL || DEFAULT_EMBEDDING_MODEL;
  const dimensions = Number(process.env.OPENAI_EMBEDDING_DIMENSIONS) || undefined;
  const key = JSON.stringify([apiKey, baseURL, model, dimensions]);
  if (cached?.key !== key) cached = { key, provider: openAiEmbeddings({ apiKey, baseURL, model, dimensions }) };
  return cached.provider;
}
