import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from 'minisearch';
import type { KnowledgeChunk } from './chunk.js';
import { reciprocalRankFusion } from './rank-fusion.js';
import { toSearchTerm } from './search-terms.js';
import { loadVectors, nearestRows, storeVectors, type StoredVectors, type VectorMatrix } from './vector-matrix.js';

/**
 * One assistant's knowledge, searchable: a MiniSearch full-text index (BM25) over the chunks and,
 * when embeddings are configured, the chunks' vectors beside it for hybrid search.
 */
export type SearchIndex = {
  chunks: KnowledgeChunk[];
  text: MiniSearch<IndexedChunk>;
  vectors?: VectorMatrix;
};

export type SearchHit = {
  chunkId: string;
  documentId: string;
  title: string;
  url?: string;
  heading?: string;
  text: string;
  score: number;
};

export type SearchIndexOptions = {
  /** The query's embedding; used when the index has vectors of the same length. */
  queryVector?: Float32Array;
  /** Chunks found only by their vector must be at least this similar (cosine) to the query. */
  minSimilarity?: number;
};

/** The stored form (JSON) of a search index. */
type StoredIndex = {
  format: typeof FORMAT;
  formatVersion: typeof FORMAT_VERSION;
  chunks: KnowledgeChunk[];
  text: AsPlainObject;
  vectors?: StoredVectors;
};

/** The indexed fields of a chunk; `i` is its position in `chunks` (and its row among the vectors). */
type IndexedChunk = { i: number; title: string; heading: string; text: string };

const FORMAT = 'knowledge-index';
const FORMAT_VERSION = 1;
export const DEFAULT_MIN_SIMILARITY = 0.25;
/** Queries are questions: beyond this many distinct words they only cost time. */
const MAX_QUERY_WORDS = 64;
const MAX_QUERY_CHARS = 2_000;

const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

const searchOptions: SearchOptions = {
  boost: { title: 2, heading: 1.5, text: 1 },
  combineWith: 'OR',
  // "open" finds "opening", "deliver" finds "delivery"; short terms would match too much.
  prefix: (term) => term.length >= 4,
  // One typo in a word of 6-9 letters, two from 10 letters.
  fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
  maxFuzzy: 2,
  tokenize: (text) => [...new Set(defaultTokenize(text.slice(0, MAX_QUERY_CHARS)))].slice(0, MAX_QUERY_WORDS),
};

/** Options must be the same when building and loading: MiniSearch does not store them. */
const miniSearchOptions: Options<IndexedChunk> = {
  idField: 'i',
  fields: ['title', 'heading', 'text'],
  storeFields: [],
  processTerm: toSearchTerm,
  searchOptions,
};

export function buildSearchIndex(chunks: readonly KnowledgeChunk[], vectors?: VectorMatrix): SearchIndex {
  if (vectors && vectors.data.length !== chunks.length * vectors.dimensions) {
    throw new Error(`Vectors for ${vectors.data.length / (vectors.dimensions || 1)} chunks, expected ${chunks.length}`);
  }
  const text = new MiniSearch<IndexedChunk>(miniSearchOptions);
  text.addAll(chunks.map((chunk, i) => ({ i, title: chunk.title, heading: chunk.heading ?? '', text: chunk.text })));
  return { chunks: [...chunks], text, ...(vectors ? { vectors } : {}) };
}

export function serializeIndex(index: SearchIndex): string {
  const stored: StoredIndex = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    chunks: index.chunks,
    text: index.text.toJSON(),
    ...(index.vectors ? { vectors: storeVectors(index.vectors) } : {}),
  };
  return JSON.stringify(stored);
}

function parseStoredIndex(json: string): StoredIndex {
  const stored = JSON.parse(json) as Partial<StoredIndex>;
  if (stored.format !== FORMAT || stored.formatVersion !== FORMAT_VERSION || !stored.chunks || !stored.text) {
    throw new Error(`Not a ${FORMAT} version ${FORMAT_VERSION}`);
  }
  return stored as StoredIndex;
}

export function loadIndexFromJson(json: string): SearchIndex {
  const stored = parseStoredIndex(json);
  return {
    chunks: stored.chunks,
    text: MiniSearch.loadJS<IndexedChunk>(stored.text, miniSearchOptions),
    ...(stored.vectors ? { vectors: loadVectors(stored.vectors, stored.chunks.length) } : {}),
  };
}

/** Just the chunks and vectors of a stored index (what a rebuild reuses), without loading its full-text index. */
export function loadChunkVectorsFromJson(json: string): Pick<SearchIndex, 'chunks' | 'vectors'> {
  const stored = parseStoredIndex(json);
  return {
    chunks: stored.chunks,
    ...(stored.vectors ? { vectors: loadVectors(stored.vectors, stored.chunks.length) } : {}),
  };
}

/**
 * The `k` best chunks for `query`, best first. Full-text (BM25) alone, or, given a query vector and an
 * index with vectors, the full-text and vector rankings combined by reciprocal rank fusion: chunks
 * found by both rank first, and a chunk can be found by meaning alone ("when can I come by?" finds
 * the opening hours). An empty or unmatched query gives [].
 */
export function searchIndex(index: SearchIndex, query: string, k = 5, options: SearchIndexOptions = {}): SearchHit[] {
  if (k <= 0 || !query.trim() || index.chunks.length === 0) return [];
  const textResults = index.text.search(query);
  const queryVector = options.queryVector;
  const vectors = index.vectors;

  if (!queryVector || !vectors || queryVector.length !== vectors.dimensions) {
    return textResults.slice(0, k).map((result) => toHit(index, result.id as number, result.score));
  }

  const candidates = Math.max(50, k * 10);
  const textRanking = textResults.slice(0, candidates).map((result) => result.id as number);
  const vectorRanking = nearestRows(vectors, queryVector, candidates, options.minSimilarity ?? DEFAULT_MIN_SIMILARITY).map(
    (nearest) => nearest.row,
  );
  const fused = reciprocalRankFusion([textRanking, vectorRanking]);
  return [...fused]
    .sort(([rowA, scoreA], [rowB, scoreB]) => scoreB - scoreA || rowA - rowB)
    .slice(0, k)
    .map(([row, score]) => toHit(index, row, score));
}

function toHit(index: SearchIndex, position: number, score: number): SearchHit {
  const chunk = index.chunks[position]!;
  return {
    chunkId: chunk.id,
    documentId: chunk.documentId,
    title: chunk.title,
    ...(chunk.url ? { url: chunk.url } : {}),
    ...(chunk.heading ? { heading: chunk.heading } : {}),
    text: chunk.text,
    score,
  };
}
