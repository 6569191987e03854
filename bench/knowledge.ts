/**
 * Knowledge retrieval figures (ARCHITECTURE.md section 8: top 5 of 10,000 chunks <= 10 ms).
 * Chunks are generated text with a Zipf-distributed vocabulary whose most frequent words are English
 * stop words, like real prose; queries are questions with a few mid-frequency content words.
 */
import { performance } from 'node:perf_hooks';
import type { KnowledgeChunk } from '../functions/core/knowledge/chunk.js';
import { isStopWord } from '../functions/core/knowledge/search-terms.js';
import {
  buildSearchIndex,
  loadIndexFromJson,
  searchIndex,
  serializeIndex,
  type SearchIndex,
} from '../functions/core/knowledge/search-index.js';
import { DEFAULT_EMBEDDING_DIMENSIONS } from '../functions/core/knowledge/openai-embeddings.js';
import { toVectorMatrix } from '../functions/core/knowledge/vector-matrix.js';

const CHUNKS = 10_000;
const LOAD_CHUNKS = 1_000;
const QUERIES = 50;
const LOAD_RUNS = 15;
const VOCABULARY = 30_000;
const ZIPF_EXPONENT = 1.05;
/** The default embedding length (openai-embeddings.ts). */
const DIMENSIONS = DEFAULT_EMBEDDING_DIMENSIONS;

const stopWords = `the of and to a in is that for it as was with be by on not he i this are or his from at which
but have an they you were her she there been one all we their has would when if so no will can more out my
them up what about who do into your than its our these some then also how two may only other any very just
where most should us such over much through our those after because each while could own same few both`
  .split(/\s+/)
  .filter((word, index, words) => isStopWord(word) && words.indexOf(word) === index);

/** Generated chunks and questions about them, the same for the same seed. */
export function benchCorpus(chunkCount: number, queryCount = QUERIES, seed = 20240611) {
  const random = mulberry32(seed);
  const vocabulary = makeVocabulary(random);
  const pickWord = zipfSampler(vocabulary.length, ZIPF_EXPONENT, random);
  const chunks = makeChunks(chunkCount, vocabulary, pickWord, random);
  const queries = makeQueries(queryCount, vocabulary, pickWord, random);
  return { chunks, queries, random };
}

export async function benchKnowledge(): Promise<string[]> {
  const { chunks, queries, random } = benchCorpus(CHUNKS);
  const lines: string[] = [];

  let started = performance.now();
  const index = buildSearchIndex(chunks);
  const buildMs = performance.now() - started;
  for (const query of queries.slice(0, 5)) searchIndex(index, query, 5); // warm-up
  const retrieval = queries.map((query) => timed(() => searchIndex(index, query, 5)));
  lines.push(`retrieval top5 of ${CHUNKS} chunks: ${median(retrieval).toFixed(1)} ms`);
  lines.push(`retrieval top5 of ${CHUNKS} chunks p95: ${percentile(retrieval, 0.95).toFixed(1)} ms`);
  lines.push(`index build ${CHUNKS} chunks: ${Math.round(buildMs)} ms`);
  const json = serializeIndex(index);
  lines.push(`index json ${CHUNKS} chunks: ${(Buffer.byteLength(json) / 1e6).toFixed(1)} MB`);
  started = performance.now();
  loadIndexFromJson(json);
  lines.push(`index load ${CHUNKS} chunks: ${Math.round(performance.now() - started)} ms`);

  const smallJson = serializeIndex(buildSearchIndex(chunks.slice(0, LOAD_CHUNKS)));
  const loads = Array.from({ length: LOAD_RUNS }, () => timed(() => loadIndexFromJson(smallJson)));
  lines.push(`index load ${LOAD_CHUNKS} chunks: ${median(loads).toFixed(1)} ms`);

  // Hybrid: the same chunks with random unit vectors (the query embedding's network time excluded).
  const vectors = toVectorMatrix('bench', chunks.map(() => randomVector(random)));
  const hybrid: SearchIndex = { ...index, vectors }; // the same full-text index, vectors beside it
  const queryVectors = queries.map(() => randomVector(random));
  for (let i = 0; i < 5; i++) searchIndex(hybrid, queries[i]!, 5, { queryVector: queryVectors[i]!, minSimilarity: -1 });
  const hybridTimes = queries.map((query, i) =>
    timed(() => searchIndex(hybrid, query, 5, { queryVector: queryVectors[i]!, minSimilarity: -1 })),
  );
  lines.push(`hybrid retrieval top5 of ${CHUNKS} chunks (${DIMENSIONS} dims): ${median(hybridTimes).toFixed(1)} ms`);
  return lines;
}

function makeVocabulary(random: () => number): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'ch', 'cl', 'cr', 'dr', 'fl', 'gr', 'pl', 'pr', 'sh', 'st', 'th', 'tr'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ee', 'io', 'ou', 'oo'];
  const codas = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'ng', 'rt', 'st', 'ck', 'sh'];
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const words = new Set<string>();
  while (words.size < VOCABULARY - stopWords.length) {
    // Frequent words are short, rare words long, as in English.
    const syllables = 1 + Math.floor(random() * (words.size < 2_000 ? 2 : 4));
    let word = '';
    for (let s = 0; s < syllables; s++) word += pick(onsets) + pick(vowels) + pick(codas);
    if (word.length >= 3 && !isStopWord(word)) words.add(word);
  }
  return [...stopWords, ...words];
}

function makeChunks(
  count: number,
  vocabulary: string[],
  pickWord: () => number,
  random: () => number,
): KnowledgeChunk[] {
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[pickWord()]!).join(' ');
  const chunks: KnowledgeChunk[] = [];
  for (let page = 0; chunks.length < count; page++) {
    const title = capitalise(words(3 + Math.floor(random() * 3)));
    const url = `https://example.com/page-${page}`;
    const perPage = 1 + Math.floor(random() * 6);
    for (let i = 0; i < perPage && chunks.length < count; i++) {
      const sentences: string[] = [];
      for (let total = 0, target = 150 + Math.floor(random() * 100); total < target; ) {
        const length = 8 + Math.floor(random() * 18);
        sentences.push(`${capitalise(words(length))}.`);
        total += length;
      }
      chunks.push({
        id: `${url}#${i}`,
        documentId: url,
        source: 'page',
        title,
        url,
        heading: capitalise(words(1 + Math.floor(random() * 3))),
        text: sentences.join(' '),
      });
    }
  }
  return chunks;
}

/** Questions like "how much does the <word> <word> cost": stop words plus 2-4 mid-frequency words. */
function makeQueries(count: number, vocabulary: string[], pickWord: () => number, random: () => number): string[] {
  const frames = ['what is', 'how do i', 'do you have', 'where can i find', 'can you tell me about', 'how much is'];
  const contentWord = () => {
    for (;;) {
      const rank = pickWord();
      if (rank >= 150) return vocabulary[rank]!;
    }
  };
  return Array.from({ length: count }, () => {
    const n = 2 + Math.floor(random() * 3);
    const words = Array.from({ length: n }, contentWord);
    return `${frames[Math.floor(random() * frames.length)]} the ${words.join(' ')}?`;
  });
}

/** Ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = sum += 1 / Math.pow(rank + 1, s);
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function randomVector(random: () => number): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) vector[i] = random() - 0.5;
  return vector;
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function timed(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
