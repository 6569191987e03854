import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { KnowledgeChunk } from './chunk.js';
import type { IndexManifest } from './index-manifest.js';
import type { SegmentView } from './index-segment.js';
import { miniSearchOptions, type IndexedChunk, type SearchIndex } from './search-index.js';
import type { VectorMatrix } from './vector-matrix.js';

/** Where a term's postings are: pairs of (segment, term number in that segment). */
type TermRefs = number[];

/**
 * A term's postings, decoded from the segments when a search first touches the term. MiniSearch
 * reads a term's postings only through `get(fieldId)` (termResults), so that is all this offers.
 */
class LazyPostings {
  #fields: (Map<number, number> | undefined)[] | undefined;
  readonly #refs: TermRefs;
  readonly #decode: (refs: TermRefs) => (Map<number, number> | undefined)[];

  constructor(refs: TermRefs, decode: (refs: TermRefs) => (Map<number, number> | undefined)[]) {
    this.#refs = refs;
    this.#decode = decode;
  }
  get(fieldId: number): Map<number, number> | undefined {
    this.#fields ??= this.#decode(this.#refs);
    return this.#fields[fieldId];
  }
}

/** MiniSearch's fields of an instance, assigned as its own `loadJS` does (it does not expose a lazy load). */
type MiniSearchInternals = {
  _index: SearchableMap<LazyPostings>;
  _documentIds: Map<number, number>;
  _idToShortId: Map<number, number>;
  _fieldLength: Map<number, number[]>;
};

/**
 * The searchable index of a manifest's documents: chunks numbered in the manifest's document order
 * (a passage repeated across documents kept where it first appears, as `chunkDocuments` does), BM25
 * statistics over the live chunks only, and a vocabulary whose postings are decoded per term when a
 * search first touches it. Loading costs the chunks' JSON and the vocabulary's tree, not the postings.
 */
export function assembleIndex(manifest: IndexManifest, segments: readonly SegmentView[]): SearchIndex {
  const fieldCount = (miniSearchOptions.fields as string[]).length;
  const localToGlobal = segments.map((segment) => new Int32Array(segment.chunks.length).fill(-1));
  const chunks: KnowledgeChunk[] = [];
  const fieldLengths: number[][] = [];
  const seen = new Set<string>();
  for (const document of manifest.documents) {
    const { chunks: stored, keys, fieldLengths: lengths, fields } = segments[document.segment]!;
    if (fields !== fieldCount) throw new Error(`Segment ${manifest.segments[document.segment]!.id} has ${fields} fields, expected ${fieldCount}`);
    if (document.first + document.count > stored.length) throw new Error(`Manifest document ${document.id} exceeds its segment`);
    for (let local = document.first; local < document.first + document.count; local++) {
      if (seen.has(keys[local]!)) continue;
      seen.add(keys[local]!);
      localToGlobal[document.segment]![local] = chunks.length;
      chunks.push(stored[local]!);
      fieldLengths.push(Array.from(lengths.subarray(local * fields, (local + 1) * fields)));
    }
  }

  // MiniSearch's running average, in the same order as adding the chunks one by one: the same floats.
  const averageFieldLength: number[] = [];
  fieldLengths.forEach((lengths, count) => {
    for (let f = 0; f < fieldCount; f++) averageFieldLength[f] = ((averageFieldLength[f] || 0) * count + lengths[f]!) / (count + 1);
  });

  // Per field: chunk -> term frequency, as MiniSearch keeps them; a field without the term has none.
  const decode = (refs: TermRefs) => {
    const byField: [number, number][][] = Array.from({ length: fieldCount }, () => []);
    for (let r = 0; r < refs.length; r += 2) {
      const segmentIndex = refs[r]!;
      const postings = segments[segmentIndex]!.postings;
      const termCount = segments[segmentIndex]!.terms.length;
      const globalOf = localToGlobal[segmentIndex]!;
      let at = termCount + 1 + postings[refs[r + 1]!]!;
      for (let f = 0; f < fieldCount; f++) {
        const n = postings[at++]!;
        for (let j = 0; j < n; j++, at += 2) {
          const global = globalOf[postings[at]!]!;
          if (global >= 0) byField[f]!.push([global, postings[at + 1]!]);
        }
      }
    }
    return byField.map((pairs) => {
      if (!pairs.length) return undefined;
      // MiniSearch keeps postings in the order chunks were added; documents may have moved between segments.
      if (!isAscending(pairs)) pairs.sort((a, b) => a[0] - b[0]);
      return new Map(pairs);
    });
  };

  const vocabulary = sortedSearchableMap(termsOf(segments).map(([term, refs]) => [term, new LazyPostings(refs, decode)]));

  const text = MiniSearch.loadJS<IndexedChunk>(
    {
      documentCount: chunks.length,
      nextId: chunks.length,
      documentIds: {},
      fieldIds: Object.fromEntries((miniSearchOptions.fields as string[]).map((field, i) => [field, i])),
      fieldLength: {},
      averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    miniSearchOptions,
  );
  const internals = text as unknown as MiniSearchInternals;
  internals._index = vocabulary;
  internals._documentIds = new Map(chunks.map((_, i) => [i, i]));
  internals._idToShortId = new Map(internals._documentIds);
  internals._fieldLength = new Map(fieldLengths.map((lengths, i) => [i, lengths]));

  const vectors = vectorsOf(segments, localToGlobal, chunks.length);
  return { chunks, text, ...(vectors ? { vectors } : {}) };
}

const isAscending = (pairs: readonly [number, number][]) => pairs.every((pair, i) => i === 0 || pairs[i - 1]![0] < pair[0]);

/**
 * Every term of the segments in sorted order, with where its postings are. Sorted insertion makes the
 * vocabulary's tree, and so the order prefix and fuzzy matches are scored in, independent of how the
 * documents are split into segments.
 */
function termsOf(segments: readonly SegmentView[]): [string, TermRefs][] {
  if (segments.length === 1) return segments[0]!.terms.map((term, i) => [term, [0, i]]);
  const refs = new Map<string, TermRefs>();
  segments.forEach((segment, s) =>
    segment.terms.forEach((term, i) => {
      const known = refs.get(term);
      if (known) known.push(s, i);
      else refs.set(term, [s, i]);
    }),
  );
  return [...refs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The live chunks' vectors in their order; chunks of a segment without vectors (of that model) get zero rows. */
function vectorsOf(
  segments: readonly SegmentView[],
  localToGlobal: readonly Int32Array[],
  rows: number,
): VectorMatrix | undefined {
  const withVectors = segments.map((segment) => segment.vectors).filter((vectors): vectors is VectorMatrix => Boolean(vectors));
  const first = withVectors[0];
  if (!first || rows === 0) return undefined;
  const { model, dimensions } = first;
  const data = new Float32Array(rows * dimensions);
  segments.forEach((segment, s) => {
    const vectors = segment.vectors;
    if (!vectors || vectors.model !== model || vectors.dimensions !== dimensions) return;
    localToGlobal[s]!.forEach((global, local) => {
      if (global >= 0) data.set(vectors.data.subarray(local * dimensions, (local + 1) * dimensions), global * dimensions);
    });
  });
  return { model, dimensions, data };
}

/** SearchableMap's radix tree: a node maps edge labels to child nodes, and LEAF ('') to the value. */
type RadixNode<T> = Map<string, RadixNode<T> | T>;
const LEAF = '';

/**
 * The SearchableMap that inserting `entries` (sorted, distinct) one by one would make, built in one
 * pass: the same edges in the same order (with sorted insertion an edge is only ever split at the
 * last child of a node, so children stay in key order). Inserting 30,000 terms one by one scans each
 * node's children per term and costs a cold function tens of milliseconds; this costs a few.
 */
export function sortedSearchableMap<T>(entries: readonly [string, T][]): SearchableMap<T> {
  const build = (from: number, to: number, depth: number): RadixNode<T> => {
    const node: RadixNode<T> = new Map();
    let i = from;
    if (entries[i]![0].length === depth) node.set(LEAF, entries[i++]![1]);
    while (i < to) {
      const first = entries[i]![0];
      const char = first[depth];
      let j = i + 1;
      while (j < to && entries[j]![0][depth] === char) j++;
      // The group's common prefix is the first and last key's (the keys are sorted).
      const last = entries[j - 1]![0];
      let end = depth + 1;
      while (end < first.length && end < last.length && first[end] === last[end]) end++;
      node.set(first.slice(depth, end), build(i, j, end));
      i = j;
    }
    return node;
  };
  const tree = entries.length ? build(0, entries.length, 0) : new Map();
  return new (SearchableMap as unknown as new (tree: RadixNode<T>) => SearchableMap<T>)(tree);
}
