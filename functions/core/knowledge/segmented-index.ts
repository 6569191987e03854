import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { IndexManifest } from './index-manifest.js';
import type { SegmentHead, SegmentView } from './index-segment.js';
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
  _documentIds: PositionIds;
  _idToShortId: PositionIds;
  _fieldLength: FieldLengthRows;
};

/**
 * A chunk's short id, id and position are one number: MiniSearch's id maps (ten thousands of entries
 * a cold function would fill) become this. MiniSearch reads them with get / has (and iterates them
 * only for wildcard queries and toJSON).
 */
class PositionIds {
  constructor(readonly size: number) {}
  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.size;
  }
  get(id: number): number | undefined {
    return this.has(id) ? id : undefined;
  }
  *[Symbol.iterator](): IterableIterator<[number, number]> {
    for (let i = 0; i < this.size; i++) yield [i, i];
  }
}

/** Per chunk, its fields' lengths, as MiniSearch's `_fieldLength.get(id)[field]` reads them; a row is made when first read. */
class FieldLengthRows {
  readonly #rows: number[][] = [];
  constructor(
    readonly lengths: Uint32Array,
    readonly fields: number,
  ) {}
  get size(): number {
    return this.lengths.length / this.fields;
  }
  get(id: number): number[] | undefined {
    if (id < 0 || id >= this.size) return undefined;
    return (this.#rows[id] ??= Array.from(this.lengths.subarray(id * this.fields, (id + 1) * this.fields)));
  }
  *[Symbol.iterator](): IterableIterator<[number, number[]]> {
    for (let i = 0; i < this.size; i++) yield [i, this.get(i)!];
  }
}

/** The full-text part of an index assembled from segment heads, and where each of its chunks is stored. */
export type AssembledText = {
  text: MiniSearch<IndexedChunk>;
  count: number;
  /** Per chunk (in search order), its segment and its position there. */
  segmentOf: Uint16Array;
  localOf: Uint32Array;
  /** Per segment, per stored chunk, its position in search order (-1: not searched). */
  localToGlobal: Int32Array[];
};

/**
 * The searchable index of a manifest's documents: chunks numbered in the manifest's document order
 * (a passage repeated across documents kept where it first appears, as `chunkDocuments` does), BM25
 * statistics over the live chunks only, and a vocabulary whose postings are decoded per term when a
 * search first touches it. Loading costs the chunks' JSON and the vocabulary's tree, not the postings.
 */
export function assembleIndex(manifest: IndexManifest, segments: readonly SegmentView[]): SearchIndex {
  const assembled = assembleText(manifest, segments);
  const chunks = Array.from({ length: assembled.count }, (_, g) => segments[assembled.segmentOf[g]!]!.chunks[assembled.localOf[g]!]!);
  const vectors = vectorsOf(segments, assembled.localToGlobal, chunks.length);
  return { chunks, text: assembled.text, ...(vectors ? { vectors } : {}) };
}

/** The full-text index of a manifest's documents from their segments' heads alone (no passage texts). */
export function assembleText(manifest: IndexManifest, segments: readonly SegmentHead[]): AssembledText {
  const fieldCount = (miniSearchOptions.fields as string[]).length;
  const localToGlobal = segments.map((segment) => new Int32Array(segment.chunkCount).fill(-1));
  const total = manifest.documents.reduce((sum, document) => sum + document.count, 0);
  const lengths = new Uint32Array(total * fieldCount);
  const segmentOf = new Uint16Array(total);
  const localOf = new Uint32Array(total);
  let count = 0;
  // A manifest reading its only segment whole and in order keeps the chunks the segment says are not
  // repeats; otherwise each passage's key is checked (the first in manifest order is kept).
  const seen = readsWholeInOrder(manifest, segments) ? undefined : new Set<string>();
  for (const document of manifest.documents) {
    const segment = segments[document.segment]!;
    const { fieldLengths, fields } = segment;
    if (fields !== fieldCount) throw new Error(`Segment ${manifest.segments[document.segment]!.id} has ${fields} fields, expected ${fieldCount}`);
    if (document.first + document.count > segment.chunkCount) throw new Error(`Manifest document ${document.id} exceeds its segment`);
    for (let local = document.first; local < document.first + document.count; local++) {
      if (seen) {
        const key = segment.keyAt(local);
        if (seen.has(key)) continue;
        seen.add(key);
      } else if (segment.repeats.has(local)) continue;
      localToGlobal[document.segment]![local] = count;
      segmentOf[count] = document.segment;
      localOf[count] = local;
      lengths.set(fieldLengths.subarray(local * fields, (local + 1) * fields), count * fieldCount);
      count++;
    }
  }

  // MiniSearch's running average, in the same order as adding the chunks one by one: the same floats.
  const averageFieldLength: number[] = [];
  for (let n = 0; n < count; n++) {
    for (let f = 0; f < fieldCount; f++) averageFieldLength[f] = ((averageFieldLength[f] || 0) * n + lengths[n * fieldCount + f]!) / (n + 1);
  }

  // Per field: chunk -> term frequency, as MiniSearch keeps them; a field without the term has none.
  const decode = (refs: TermRefs) => {
    const byField: [number, number][][] = Array.from({ length: fieldCount }, () => []);
    for (let r = 0; r < refs.length; r += 2) {
      const globalOf = localToGlobal[refs[r]!]!;
      segments[refs[r]!]!.postings(refs[r + 1]!, (field, local, frequency) => {
        const global = globalOf[local]!;
        if (global >= 0) byField[field]!.push([global, frequency]);
      });
    }
    return byField.map((pairs) => {
      if (!pairs.length) return undefined;
      // MiniSearch keeps postings in the order chunks were added; documents may have moved between segments.
      if (!isAscending(pairs)) pairs.sort((a, b) => a[0] - b[0]);
      return new Map(pairs);
    });
  };

  const vocabulary = vocabularyOf(segments, decode);

  const text = MiniSearch.loadJS<IndexedChunk>(
    {
      documentCount: count,
      nextId: count,
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
  internals._documentIds = new PositionIds(count);
  internals._idToShortId = new PositionIds(count);
  internals._fieldLength = new FieldLengthRows(lengths.subarray(0, count * fieldCount), fieldCount);
  return { text, count, segmentOf, localOf, localToGlobal };
}

function readsWholeInOrder(manifest: IndexManifest, segments: readonly SegmentHead[]): boolean {
  if (segments.length !== 1) return false;
  let next = 0;
  for (const document of manifest.documents) {
    if (document.first !== next) return false;
    next += document.count;
  }
  return next === segments[0]!.chunkCount;
}

const isAscending = (pairs: readonly [number, number][]) => pairs.every((pair, i) => i === 0 || pairs[i - 1]![0] < pair[0]);

/**
 * Every term of the segments in sorted order, with where its postings are, as a tree whose nodes are
 * filled when a search first walks them. Sorted insertion makes the vocabulary's tree, and so the
 * order prefix and fuzzy matches are scored in, independent of how the documents are split into segments.
 */
function vocabularyOf(segments: readonly SegmentHead[], decode: (refs: TermRefs) => (Map<number, number> | undefined)[]): SearchableMap<LazyPostings> {
  if (segments.length === 1) {
    const { terms } = segments[0]!;
    return sortedSearchableMap(terms.length, (i) => terms[i]!, (i) => new LazyPostings([0, i], decode));
  }
  const refs = new Map<string, TermRefs>();
  segments.forEach((segment, s) =>
    segment.terms.forEach((term, i) => {
      const known = refs.get(term);
      if (known) known.push(s, i);
      else refs.set(term, [s, i]);
    }),
  );
  const sorted = [...refs.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sortedSearchableMap(sorted.length, (i) => sorted[i]!, (i) => new LazyPostings(refs.get(sorted[i]!)!, decode));
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
 * A radix tree node whose edges are made when first read. A search walks a few hundred of a large
 * vocabulary's tens of thousands of nodes (exact, prefix and fuzzy lookups all descend from the root,
 * pruning), so a cold function builds only those. Every read (and write) fills the node first, so
 * SearchableMap sees an ordinary Map.
 */
class LazyRadixNode<T> extends Map<string, RadixNode<T> | T> {
  #fill: ((add: (key: string, value: RadixNode<T> | T) => void) => void) | undefined;

  constructor(fill: (add: (key: string, value: RadixNode<T> | T) => void) => void) {
    super();
    this.#fill = fill;
  }
  #ready(): void {
    const fill = this.#fill;
    if (!fill) return;
    this.#fill = undefined;
    fill((key, value) => super.set(key, value));
  }
  override get(key: string) {
    this.#ready();
    return super.get(key);
  }
  override has(key: string) {
    this.#ready();
    return super.has(key);
  }
  override set(key: string, value: RadixNode<T> | T) {
    this.#ready();
    return super.set(key, value);
  }
  override delete(key: string) {
    this.#ready();
    return super.delete(key);
  }
  override get size() {
    this.#ready();
    return super.size;
  }
  override keys() {
    this.#ready();
    return super.keys();
  }
  override values() {
    this.#ready();
    return super.values();
  }
  override entries() {
    this.#ready();
    return super.entries();
  }
  override forEach(callback: (value: RadixNode<T> | T, key: string, map: Map<string, RadixNode<T> | T>) => void, thisArg?: unknown) {
    this.#ready();
    super.forEach(callback, thisArg);
  }
  override [Symbol.iterator]() {
    this.#ready();
    return super[Symbol.iterator]();
  }
}

/**
 * The SearchableMap that inserting the `count` keys (sorted, distinct; `keyAt(i)`, value `valueAt(i)`)
 * one by one would make: the same edges in the same order (with sorted insertion an edge is only ever
 * split at the last child of a node, so children stay in key order). Inserting 30,000 terms one by one
 * scans each node's children per term and costs a cold function tens of milliseconds; building the
 * whole tree at once still costs most of a cold load, so nodes are filled when first read.
 */
export function sortedSearchableMap<T>(count: number, keyAt: (i: number) => string, valueAt: (i: number) => T): SearchableMap<T> {
  const build = (from: number, to: number, depth: number): RadixNode<T> =>
    new LazyRadixNode<T>((add) => {
      let i = from;
      if (keyAt(i).length === depth) add(LEAF, valueAt(i++));
      while (i < to) {
        const first = keyAt(i);
        const char = first[depth];
        let j = i + 1;
        while (j < to && keyAt(j)[depth] === char) j++;
        // The group's common prefix is the first and last key's (the keys are sorted).
        const last = keyAt(j - 1);
        let end = depth + 1;
        while (end < first.length && end < last.length && first[end] === last[end]) end++;
        add(first.slice(depth, end), build(i, j, end));
        i = j;
      }
    });
  const tree = count ? build(0, count, 0) : new Map();
  return new (SearchableMap as unknown as new (tree: RadixNode<T>) => SearchableMap<T>)(tree);
}
