import { log } from '../runtime/log.js';
import { chunkDocuments, type KnowledgeChunk } from './chunk.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { loadIndex } from './index-store.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { embeddingProviderFromEnv } from './openai-embeddings.js';
import { buildSearchIndex, searchIndex, serializeIndex, type SearchHit } from './search-index.js';
import { toVectorMatrix, type VectorMatrix } from './vector-matrix.js';

export type KnowledgeIndexOptions = {
  /**
   * Embeddings for hybrid search. Left out: the provider the environment configures (none without
   * `OPENAI_API_KEY`, and then no network at all). `null`: full-text only.
   */
  embeddings?: EmbeddingProvider | null;
};

export type BuiltKnowledgeIndex = { json: string; chunkCount: number };

/** Chunks the documents and builds their search index, ready for `saveIndex`. Touches no storage. */
export async function buildKnowledgeIndex(
  documents: readonly KnowledgeDocument[],
  options: KnowledgeIndexOptions = {},
): Promise<BuiltKnowledgeIndex> {
  const chunks = chunkDocuments(documents);
  const embeddings = providerOf(options);
  let vectors: VectorMatrix | undefined;
  if (embeddings && chunks.length) {
    try {
      vectors = toVectorMatrix(embeddings.model, await embeddings.embed(chunks.map(embeddingText)));
    } catch (error) {
      // The assistant still answers from full-text search; the next re-index adds the vectors.
      log.warn('Embedding the knowledge failed; indexing full text only', { model: embeddings.model, error });
    }
  }
  return { json: serializeIndex(buildSearchIndex(chunks, vectors)), chunkCount: chunks.length };
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
  if (!query.trim() || k <= 0) return [];
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
  return searchIndex(index, query, k, { queryVector });
}

function providerOf(options: KnowledgeIndexOptions): EmbeddingProvider | undefined {
  return options.embeddings === undefined ? embeddingProviderFromEnv() : (options.embeddings ?? undefined);
}

/** What a chunk's vector stands for: its text in the context of its page and section. */
function embeddingText(chunk: KnowledgeChunk): string {
  return [chunk.title, chunk.heading, chunk.text].filter(Boolean).join('\n\n');
}
