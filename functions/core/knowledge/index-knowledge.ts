import { log } from '../runtime/log.js';
import { chunkDocument, type KnowledgeChunk } from './chunk.js';
import { vectorsForChunks, type ChunkVectors, type EmbeddedChunks } from './chunk-vectors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import type { IndexManifest, ManifestDocument, ManifestSegment } from './index-manifest.js';
import { documentDigest, indexPipelineFingerprint } from './index-pipeline.js';
import { decodeSegment, encodeSegment } from './index-segment.js';
import { loadIndexForSearch, manifestOf, type BuiltIndex } from './index-store.js';
import type { KnowledgeDocument } from './knowledge-document.js';
import { embeddingProviderFromEnv } from './openai-embeddings.js';
import { hitOf, prepareQuestion, questionTermWeights, searchIndex, textRanking, type SearchHit, type SearchIndex } from './search-index.js';
import { assembleIndex } from './segmented-index.js';

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
  /** The live version's manifest: documents unchanged since keep their passages in its segments. */
  base?: IndexManifest;
  /** Documents chunked afresh even when their text is unchanged (what a crawl says it changed). */
  changed?: ReadonlySet<string>;
};

export type BuiltKnowledgeIndex = BuiltIndex & {
  /** Passages of all documents (before a passage repeated across documents is counted once). */
  chunkCount: number;
  /** Documents chunked (and embedded) by this build; the others kept their segments. */
  rebuiltDocuments: number;
  /** How the vectors were got; undefined without embeddings. */
  vectors?: Omit<ChunkVectors, 'matrix'>;
};

/** More segments than this, and the next change rewrites them into one. */
const MAX_SEGMENTS = 8;
/** A segment of which less than this share is still used is rewritten with the change. */
const MIN_LIVE_SHARE = 0.5;

/**
 * Chunks the documents and builds their search index, ready for `saveIndex`. Touches no storage.
 * Given the live version's manifest, only documents that are new, changed (by digest) or named in
 * `changed` are chunked and written into a new segment; the others keep theirs, unless their segment
 * is mostly dead, there are too many segments, or the segment's vectors are not the ones wanted.
 */
export async function buildKnowledgeIndex(
  documents: readonly KnowledgeDocument[],
  options: BuildIndexOptions = {},
): Promise<BuiltKnowledgeIndex> {
  const embeddings = providerOf(options);
  const pipeline = indexPipelineFingerprint();
  const digests = documents.map(documentDigest);
  const kept = keptDocuments(documents, digests, pipeline, embeddings?.model, options);
  const reused: ManifestSegment[] = [];
  const segmentOf = new Map<number, number>();
  for (const document of kept.values()) {
    if (!segmentOf.has(document.segment)) segmentOf.set(document.segment, reused.push(options.base!.segments[document.segment]!) - 1);
  }
  const fresh: KnowledgeChunk[] = [];
  const manifestDocuments: ManifestDocument[] = [];
  let chunkCount = 0;
  documents.forEach((document, i) => {
    const keep = kept.get(document.id);
    if (keep) {
      manifestDocuments.push({ ...keep, segment: segmentOf.get(keep.segment)! });
      chunkCount += keep.count;
      return;
    }
    const chunks = chunkDocument(document);
    if (!chunks.length) return;
    manifestDocuments.push({ id: document.id, hash: digests[i]!, segment: reused.length, first: fresh.length, count: chunks.length });
    fresh.push(...chunks);
    chunkCount += chunks.length;
  });
  const built: BuiltKnowledgeIndex = { reused, documents: manifestDocuments, pipeline, chunkCount, rebuiltDocuments: documents.length - kept.size };
  if (!fresh.length) return built;
  if (!embeddings) return { ...built, segment: { bytes: encodeSegment(fresh), chunks: fresh.length } };

  const previous = await options.previous?.().catch((error: unknown) => {
    log.warn('Reading the live index for its vectors failed; embedding every chunk', { error });
    return undefined;
  });
  const { matrix, ...vectors } = await vectorsForChunks(fresh, embeddings, { previous, deadline: options.deadline });
  const segment = {
    bytes: encodeSegment(fresh, matrix),
    chunks: fresh.length,
    ...(matrix ? { vectors: { model: matrix.model, complete: vectors.missing === 0 } } : {}),
  };
  return { ...built, segment, vectors };
}

/** The live version's documents that can stay as they are, by id. */
function keptDocuments(
  documents: readonly KnowledgeDocument[],
  digests: readonly string[],
  pipeline: string,
  model: string | undefined,
  { base, changed }: BuildIndexOptions,
): Map<string, ManifestDocument> {
  const kept = new Map<string, ManifestDocument>();
  if (!base || base.pipeline !== pipeline) return kept;
  const previous = new Map(base.documents.map((document) => [document.id, document]));
  // With embeddings, a segment whose vectors are of another model or incomplete is rewritten: the
  // rewrite reuses the vectors it has and embeds the rest.
  const usable = base.segments.map((segment) => !model || (segment.vectors?.model === model && segment.vectors.complete));
  documents.forEach((document, i) => {
    const before = previous.get(document.id);
    if (before && before.hash === digests[i] && usable[before.segment] && !changed?.has(document.id)) kept.set(document.id, before);
  });
  const live = new Map<number, number>();
  for (const document of kept.values()) live.set(document.segment, (live.get(document.segment) ?? 0) + document.count);
  const mostlyDead = new Set(
    [...live].filter(([segment, count]) => count < base.segments[segment]!.chunks * MIN_LIVE_SHARE).map(([segment]) => segment),
  );
  // Leave room for the new segment; beyond that, one rewrite into a single segment.
  if (live.size - mostlyDead.size >= MAX_SEGMENTS) return new Map();
  for (const [id, document] of kept) if (mostlyDead.has(document.segment)) kept.delete(id);
  return kept;
}

/** The searchable form of a build that names no stored segment (a first build), without storing it. */
export function searchIndexOfBuilt(built: BuiltIndex): SearchIndex {
  if (built.reused.length) throw new Error('The build reuses stored segments; load it with loadIndex');
  return assembleIndex(manifestOf(built, '00000000T000000000Z-00000000'), built.segment ? [decodeSegment(built.segment.bytes)] : []);
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
  const embeddings = providerOf(options);
  // A cold function works out the question's search query while the index's segment is still arriving.
  const index = await loadIndexForSearch(chatbotId, version, embeddings?.model, () => prepareQuestion(query));
  if (!('chunks' in index)) {
    // Read from its segments' heads: full text only (an index with vectors of this model is read whole).
    const ranking = index.count ? textRanking(index.text, query, false, index.sourceOf).slice(0, k) : [];
    // The passages' records are on their way while the terms are weighed.
    const chunks = index.chunksAt(ranking.map((result) => result.id));
    const termWeights = questionTermWeights({ text: index.text, chunks: { length: index.count } }, query);
    return { passages: (await chunks).map((chunk, i) => hitOf(chunk, ranking[i]!.score)), termWeights };
  }
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
