import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { IndexManifest } from './index-manifest.js';
import type { FieldPostingArrays, SegmentHead, SegmentView } from './index-segment.js';
import { miniSearchOptions, type IndexedChunk, type SearchIndex } from './search-index.js';
import type { VectorMatrix } from './vector-matrix.js';

/** Where a term's postings are: pairs of (segment, term number in that segment). */
type TermRefs = number[];

/**
 * A term's postings, decoded from the segments when a search first touches the term. MiniSearch
 * reads a term's postings only through `get(fieldId)` (termResults), so that is all this offers.
 */
class LazyPostings {
  #fields: (FieldPostings | undefined)[] | undefined;
  readonly #refs: TermRefs;
  readonly #decode: (refs: TermRefs) => (FieldPostings | undefined)[];

  constructor(refs: TermRefs, decode: (refs: TermRefs) => (FieldPostings | undefined)[]) {
    this.#refs = refs;
    this.#decode = decode;
  }
  get(fieldId: number): FieldPostings | undefined {
    this.#fields ??= this.#decode(this.#refs);
    return this.#fields[fieldId];
  }
}

/**
 * One field's postings of a term: chunks ascending and their term frequencies, in two typed arrays.
 * MiniSearch keeps a Map per term and field and reads it with `size`, `keys()` and `get(chunk)` for
 * each key in turn (termResults); a term of a large index is in thousands of chunks, and a Map of
 * them is thousands of hashed entries made (and later collected) on a cold search, where this is two
 * allocations. `get` answers the key `keys()` last gave at once, any other by binary search.
 */
export class FieldPostings {
  #at = 0;
  constructor(
    readonly chunks: Uint32Array,
    readonly frequencies: Uint32Array,
  ) {}
  get size(): number {
    return this.chunks.length;
  }
  *keys(): IterableIterator<number> {
    const { chunks } = this;
    for (let i = 0; i < chunks.length; i++) {
      this.#at = i;
      yield chunks[i]!;
    }
  }
  get(chunk: number): number | undefined {
    const at = this.chunks[this.#at] === chunk ? this.#at : this.#find(chunk);
    return at < 0 ? undefined : this.frequencies[at];
  }
  has(chunk: number): boolean {
    return this.#find(chunk) >= 0;
  }
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.chunks.length; i++) yield [this.chunks[i]!, this.frequencies[i]!];
  }
  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }
  #find(chunk: number): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.chunks[middle]!;
      if (found === chunk) return middle;
      if (found < chunk) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
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

/**
 * Per chunk, its fields' lengths, as MiniSearch's `_fieldLength.get(id)[field]` reads them. MiniSearch
 * reads one length of the row and drops it (termResults), so `get` fills and returns the same row
 * each time: scoring a chunk allocates nothing (a row per chunk scored was thousands of small arrays
 * on a search, in a sparse array of up to the index's size). Iterating gives rows of their own.
 */
class FieldLengthRows {
  readonly #row: number[];
  constructor(
    readonly lengths: Uint32Array,
    readonly fields: number,
  ) {
    this.#row = new Array<number>(fields).fill(0);
  }
  get size(): number {
    return this.lengths.length / this.fields;
  }
  get(id: number): number[] | undefined {
    if (!(id >= 0 && id < this.size)) return undefined;
    const row = this.#row;
    for (let f = 0, at = id * this.fields; f < this.fields; f++, at++) row[f] = this.lengths[at]!;
    return row;
  }
  *[Symbol.iterator](): IterableIterator<[number, number[]]> {
    for (let i = 0; i < this.size; i++) yield [i, [...this.get(i)!]];
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
      for (let f = 0; f < fields; f++) lengths[count * fields + f] = fieldLengths[local * fields + f]!;
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
    const only = refs.length === 2 ? segments[refs[0]!]! : undefined;
    if (only?.fieldPostings) return livePostings(only.fieldPostings(refs[1]!), localToGlobal[refs[0]!]!);
    const chunksOf: number[][] = Array.from({ length: fieldCount }, () => []);
    const frequenciesOf: number[][] = Array.from({ length: fieldCount }, () => []);
    for (let r = 0; r < refs.length; r += 2) {
      const globalOf = localToGlobal[refs[r]!]!;
      segments[refs[r]!]!.postings(refs[r + 1]!, (field, local, frequency) => {
        const global = globalOf[local]!;
        if (global >= 0) {
          chunksOf[field]!.push(global);
          frequenciesOf[field]!.push(frequency);
        }
      });
    }
    return chunksOf.map((chunks, field) => {
      if (!chunks.length) return undefined;
      const frequencies = frequenciesOf[field]!;
      return inChunkOrder(Uint32Array.from(chunks), Uint32Array.from(frequencies));
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

const isAscending = (values: Uint32Array) => values.every((value, i) => i === 0 || values[i - 1]! < value);

/** MiniSearch keeps postings in the order chunks were added; documents may have moved between segments. */
function inChunkOrder(chunks: Uint32Array, frequencies: Uint32Array): FieldPostings {
  if (isAscending(chunks)) return new FieldPostings(chunks, frequencies);
  const order = Array.from(chunks, (_, i) => i).sort((a, b) => chunks[a]! - chunks[b]!);
  return new FieldPostings(Uint32Array.from(order, (i) => chunks[i]!), Uint32Array.from(order, (i) => frequencies[i]!));
}

/** One segment's postings of a term in search order, in place: chunks not searched (-1) dropped. */
function livePostings(fields: (FieldPostingArrays | undefined)[], globalOf: Int32Array): (FieldPostings | undefined)[] {
  return fields.map((field) => {
    if (!field) return undefined;
    const { chunks, frequencies } = field;
    let kept = 0;
    for (let i = 0; i < chunks.length; i++) {
      const global = globalOf[chunks[i]!]!;
      if (global < 0) continue;
      chunks[kept] = global;
      frequencies[kept++] = frequencies[i]!;
    }
    return kept ? inChunkOrder(chunks.subarray(0, kept), frequencies.subarray(0, kept)) : undefined;
  });
}

/**
 * Every term of the segments in sorted order, with where its postings are, as a tree whose nodes are
 * filled when a search first walks them. Sorted insertion makes the vocabulary's tree, and so the
 * order prefix and fuzzy matches are scored in, independent of how the documents are split into segments.
 */
function vocabularyOf(segments: readonly SegmentHead[], decode: (refs: TermRefs) => (FieldPostings | undefined)[]): SearchableMap<LazyPostings> {
  if (segments.length === 1) {
    const { terms } = segments[0]!;
    return sortedSearchableMap(terms, (i) => new LazyPostings([0, i], decode));
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
  return sortedSearchableMap(sorted, (i) => new LazyPostings(refs.get(sorted[i]!)!, decode));
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
 * The SearchableMap that inserting `keys` (sorted by UTF-16 code units, distinct; the value of key i is
 * `valueAt(i)`) one by one would make: the same edges in the same order (with sorted insertion an edge
 * is only ever split at the last child of a node, so children stay in key order). Inserting 30,000
 * terms one by one scans each node's children per term and costs a cold function tens of
 * milliseconds; building the whole tree at once still costs most of a cold load, so nodes are filled
 * when first read.
 *
 * Its `fuzzyGet` within two edits of a word of up to 32 characters does not walk the tree:
 * SearchableMap's walk keeps a Levenshtein matrix row per character of every branch within the
 * distance, which for a question's long word at distance 2 is much of a large vocabulary's tree,
 * filled and walked in code a cold function has not optimised yet (measured: the largest part of a
 * cold search). It gives the same Map (every key within the distance, with its distance, in key order
 * as the walk finds them) from the keys of a length within the distance and Myers' bit-parallel edit
 * distance (`withinEdits`).
 */
export function sortedSearchableMap<T>(keys: readonly string[], valueAt: (i: number) => T): SearchableMap<T> {
  // One value per key, whether a search reaches it through the tree or through fuzzyGet.
  const values = new Map<number, T>();
  const value = (i: number): T => {
    let known = values.get(i);
    if (known === undefined && !values.has(i)) values.set(i, (known = valueAt(i)));
    return known as T;
  };
  const build = (from: number, to: number, depth: number): RadixNode<T> =>
    new LazyRadixNode<T>((add) => {
      let i = from;
      if (keys[i]!.length === depth) add(LEAF, value(i++));
      while (i < to) {
        const first = keys[i]!;
        const char = first[depth]!;
        // The keys after `first` with its character at `depth` come next (sorted): found by bisection,
        // so filling a node costs its children, not every key below it.
        let low = i + 1;
        let high = to;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (keys[middle]![depth]! <= char) low = middle + 1;
          else high = middle;
        }
        const j = low;
        // The group's common prefix is the first and last key's (the keys are sorted).
        const last = keys[j - 1]!;
        let end = depth + 1;
        while (end < first.length && end < last.length && first[end] === last[end]) end++;
        add(first.slice(depth, end), build(i, j, end));
        i = j;
      }
    });
  const tree = keys.length ? build(0, keys.length, 0) : new Map();
  const map = new (SearchableMap as unknown as new (tree: RadixNode<T>) => SearchableMap<T>)(tree);
  const walk = map.fuzzyGet.bind(map);
  map.fuzzyGet = (query: string, maxEditDistance: number) => {
    // Within one edit the walk prunes most branches at once and is the cheaper.
    if (maxEditDistance < 2 || !query.length || query.length > 32) return walk(query, maxEditDistance);
    const found = withinEdits(query, maxEditDistance, keys);
    const results: ReturnType<SearchableMap<T>['fuzzyGet']> = new Map();
    for (let f = 0; f < found.length; f += 2) results.set(keys[found[f]!]!, [value(found[f]!), found[f + 1]!]);
    return results;
  };
  return map;
}

/** Per UTF-16 code unit, the positions of the query holding it, as bits; all zero between queries. */
let positions: Uint32Array | undefined;

/**
 * The keys within `maxEdits` Levenshtein edits (insertions, deletions, substitutions of UTF-16 code
 * units, as MiniSearch counts them) of `query` (1 to 32 units), as (key number, distance) pairs in
 * key order. Myers' bit-parallel algorithm (J. ACM 46(3), 1999; Hyyrö's formulation): a few integer
 * operations per character of a key, with the query's bit masks made once (fastest-levenshtein
 * implements the same algorithm but makes the masks again for every pair, which for a vocabulary of
 * short words is most of the work), over the keys of a length within `maxEdits` only. Those are
 * picked by a length test in the same pass, in key order: grouping the keys by length first (an
 * index over the vocabulary) cost a cold search more than the few passes a question makes.
 */
function withinEdits(query: string, maxEdits: number, keys: readonly string[]): number[] {
  const table = (positions ??= new Uint32Array(0x10000));
  const length = query.length;
  for (let i = 0; i < length; i++) table[query.charCodeAt(i)]! |= 1 << i;
  const last = 1 << (length - 1);
  const found: number[] = [];
  try {
    const shortest = length - maxEdits;
    const longest = length + maxEdits;
    keys: for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      if (key.length < shortest || key.length > longest) continue;
      let pv = -1;
      let mv = 0;
      let score = length;
      for (let j = 0; j < key.length; j++) {
        // Each character left can lower the distance by one at most: past that, this key is out.
        if (score - (key.length - j) > maxEdits) continue keys;
        let eq = table[key.charCodeAt(j)]!;
        const xv = eq | mv;
        eq |= ((eq & pv) + pv) ^ pv;
        mv |= ~(eq | pv);
        pv &= eq;
        if (mv & last) score++;
        if (pv & last) score--;
        mv = (mv << 1) | 1;
        pv = (pv << 1) | ~(xv | mv);
        mv &= xv;
      }
      if (score <= maxEdits) found.push(k, score);
    }
  } finally {
    for (let i = 0; i < length; i++) table[query.charCodeAt(i)] = 0;
  }
  return found;
}
