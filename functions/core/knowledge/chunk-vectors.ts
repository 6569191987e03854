import { log } from '../runtime/log.js';
import type { KnowledgeChunk } from './chunk.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { toUnitVector, type VectorMatrix } from './vector-matrix.js';

/** An index's chunks with their vectors, as a rebuild finds them in the live index. */
export type EmbeddedChunks = { chunks: readonly KnowledgeChunk[]; vectors?: VectorMatrix };

export type ChunkVectorsOptions = {
  /** The live index: a chunk whose text it embedded with the same model keeps that vector. */
  previous?: EmbeddedChunks;
  /** Epoch ms. No embedding request runs past it; chunks not embedded by then get no vector. */
  deadline?: number;
};

export type ChunkVectors = {
  /** Row i is chunk i's vector, a row of zeros when it has none; undefined when no chunk has one. */
  matrix?: VectorMatrix;
  /** Chunks whose vector came from the live index. */
  reused: number;
  /** Texts the provider embedded (a text two chunks share is embedded once). */
  embedded: number;
  /** Chunks left without a vector: found by full text only until the next rebuild embeds them. */
  missing: number;
};

/**
 * Texts per call to the provider (four OpenAI requests of 128). The vectors of finished calls are kept
 * when a later one runs out of time, so knowledge too big to embed within one request gains vectors
 * with every rebuild instead of never getting any.
 */
const TEXTS_PER_CALL = 512;

/** What a chunk's vector stands for: its text in the context of its page and section. */
export function embeddingText(chunk: Pick<KnowledgeChunk, 'title' | 'heading' | 'text'>): string {
  return [chunk.title, chunk.heading, chunk.text].filter(Boolean).join('\n\n');
}

/**
 * The chunks' vectors for an index: reused from the live index where the text is unchanged, the rest
 * embedded until the deadline. Never throws for the provider: a failed or late embedding leaves those
 * chunks without vectors, and the index still answers from full text.
 */
export async function vectorsForChunks(
  chunks: readonly KnowledgeChunk[],
  provider: EmbeddingProvider,
  options: ChunkVectorsOptions = {},
): Promise<ChunkVectors> {
  const texts = chunks.map(embeddingText);
  const known = reusableVectors(options.previous, provider.model);
  const reusedRows = texts.map((text) => known.get(text));
  const wanted = [...new Set(texts.filter((_, i) => !reusedRows[i]))];
  const fresh = await embedUntil(provider, wanted, options.deadline);

  const rows = texts.map((text, i) => reusedRows[i] ?? fresh.get(text));
  // The provider's vectors set the length; a reused row of another length (cannot happen for one model) is dropped.
  const dimensions = fresh.values().next().value?.length ?? rows.find((row) => row)?.length ?? 0;
  let reused = 0;
  let missing = 0;
  const data = new Float32Array(chunks.length * dimensions);
  rows.forEach((row, i) => {
    if (row && dimensions > 0 && row.length === dimensions) {
      data.set(row, i * dimensions);
      if (reusedRows[i]) reused++;
    } else {
      missing++;
    }
  });
  const matrix = missing < chunks.length ? { model: provider.model, dimensions, data } : undefined;
  return { ...(matrix ? { matrix } : {}), reused, embedded: fresh.size, missing };
}

/** The live index's vectors by the text they embed; only those of `model`, and no empty rows. */
function reusableVectors(previous: EmbeddedChunks | undefined, model: string): Map<string, Float32Array> {
  const known = new Map<string, Float32Array>();
  const vectors = previous?.vectors;
  if (!previous || !vectors || vectors.model !== model || vectors.dimensions === 0) return known;
  const { data, dimensions } = vectors;
  previous.chunks.forEach((chunk, i) => {
    const row = data.subarray(i * dimensions, (i + 1) * dimensions);
    if (row.some((value) => value !== 0)) known.set(embeddingText(chunk), row);
  });
  return known;
}

/** Unit vectors of the texts embedded before the deadline (all of them when there is none). */
async function embedUntil(provider: EmbeddingProvider, texts: readonly string[], deadline?: number): Promise<Map<string, Float32Array>> {
  const vectors = new Map<string, Float32Array>();
  if (!texts.length) return vectors;
  const left = () => (deadline === undefined ? Infinity : deadline - Date.now());
  for (let start = 0; start < texts.length; start += TEXTS_PER_CALL) {
    if (left() <= 0) {
      log.warn('Embedding the knowledge ran out of time; the rest is found by full text until the next re-index', {
        model: provider.model,
        embedded: vectors.size,
        notEmbedded: texts.length - start,
      });
      break;
    }
    const slice = texts.slice(start, start + TEXTS_PER_CALL);
    const signal = deadline === undefined ? undefined : AbortSignal.timeout(left());
    try {
      const embedded = await provider.embed(slice, signal ? { signal } : {});
      slice.forEach((text, i) => vectors.set(text, toUnitVector(embedded[i]!)));
    } catch (error) {
      // The assistant still answers from full-text search; the next re-index adds the missing vectors.
      const message = signal?.aborted
        ? 'Embedding the knowledge ran out of time; the rest is found by full text until the next re-index'
        : 'Embedding the knowledge failed; indexing the rest full text only';
      log.warn(message, { model: provider.model, embedded: vectors.size, notEmbedded: texts.length - start, error });
      break;
    }
  }
  return vectors;
}
