import { log } from '../runtime/log.js';
import { chunkDocuments } from './chunk.js';
import { vectorsForChunks, type ChunkVectors, type EmbeddedChunks } from './chunk-vectors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadIndex } from './index-store.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { embeddingProviderFromEnv } from './openai-embeddings.js';
import { buildSearchIndex, questionTermWeights, searchIndex, serializeIndex, type SearchHit } from './search-index.js';

export type KnowledgeIndexOptions = {
  /**
   * Embeddings for hybrid search. Left out: the provider the environment configures (none without
   * `OPENAI_API_KEY`, and then no network at all). `null`: full-text only.
   */
  embeddings?: EmbeddingProvider | null;
};

export type BuildIndexOptions = KnowledgeIndexOptions & {
  /**
   * Epoch ms by which embedding stops (the request's time is running out); chunks not embedded by
   * then are indexed for full-text search only.
   */
  deadline?: number;
  /**
   * The live index, read only when there are embeddings: chunks whose text it already embedded with
   * the same model keep their vectors, so a change embeds only its own chunks.
   */
  previous?: () => Promise<EmbeddedChunks | undefined>;
};

export type BuiltKnowledgeIndex = {
  json: string;
  chunkCount: number;
  /** How the vectors were got; undefined without embeddings. */
  vectors?: Omit<ChunkVectors, 'matrix'>;
};

/** Chunks the documents and builds their search index, ready for `saveIndex`. Touches no storage. */
export async function buildKnowledgeIndex(
  documents: readonly KnowledgeDocument[],
  options: BuildIndexOptions = {},
): Promise<BuiltKnowledgeIndex> {
  const chunks = chunkDocuments(documents);
  const embeddings = providerOf(options);
  if (!embeddings || !chunks.length) {
    return { json: serializeIndex(buildSearchIndex(chunks)), chunkCount: chunks.length };
  }
  const previous = await options.previous?.().catch((error: unknown) => {
    log.warn('Reading the live index for its vectors failed; embedding every chunk', { error });
    return undefined;
  });
  const { matrix, ...vectors } = await vectorsForChunks(chunks, embeddings, { previous, deadline: options.deadline });
  return { json: serializeIndex(buildSearchIndex(chunks, matrix)), chunkCount: chunks.length, vectors };
}

/**
 * The `k` chunks of an assistant's knowledge (index `version`, as its record names) that best answer
 * `query`. Hybrid when the index has vectors and the same embedding model is configured.
 */
export async function searchKnowledge(
  chatbotId: string,
  version: string,
  query: string,
  k = 5,
  options: KnowledgeIndexOptions = {},
): Promise<SearchHit[]> {
  return (await searchKnowledgeForQuestion(chatbotId, version, query, k, options)).passages;
}

/** What a question is answered from: the best passages, and how telling each of its terms is (questionTermWeights). */
export type QuestionKnowledge = { passages: SearchHit[]; termWeights: Map<string, number> };

export async function searchKnowledgeForQuestion(
  chatbotId: string,
  version: string,
  query: string,
  k = 5,
  options: KnowledgeIndexOptions = {},
): Promise<QuestionKnowledge> {
  if (!query.trim() || k <= 0) return { passages: [], termWeights: new Map() };
  const index = await loadIndex(chatbotId, version);
  const embeddings = providerOf(options);
  let queryVector: Float32Array | undefined;
  if (index.vectors && embeddings?.model === index.vectors.model) {
    try {
      [queryVector] = await embeddings.embed([query]);
    } catch (error) {
      log.warn('Embedding the query failed; searching full text only', { model: embeddings.model, error });
    }
  }
  return { passages: searchIndex(index, query, k, { queryVector }), termWeights: questionTermWeights(index, query) };
}

function providerOf(options: KnowledgeIndexOptions): EmbeddingProvider | undefined {
  return options.embeddings === undefined ? embeddingProviderFromEnv() : (options.embeddings ?? undefined);
}
