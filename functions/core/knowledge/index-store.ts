import { randomBytes } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { requireEnv } from '../runtime/env.js';
import { indexPrefixOf } from './index-location.js';
import { LruCache } from '../runtime/lru-cache.js';
import { isMissingObject } from '../storage/missing-object.js';
import { getS3Client } from '../storage/s3-client.js';
import { MANIFEST_FORMAT, MANIFEST_FORMAT_VERSION, parseManifest, type IndexManifest, type ManifestDocument, type ManifestSegment } from './index-manifest.js';
import {
  chunkOfRecord,
  decodeSegment,
  decodeSegmentHead,
  headLengthOf,
  SEGMENT_PREAMBLE_BYTES,
  segmentHeadLength,
  type SegmentView,
} from './index-segment.js';
import type { KnowledgeChunk } from './chunk.js';
import { loadChunkVectorsFromJson, loadIndexFromJson, type SearchIndex } from './search-index.js';
import { assembleIndex, assembleText, type AssembledText } from './segmented-index.js';

/**
 * Search indexes in the `knowledge-documents` bucket under `indexes/{chatbotId}/`:
 *   `{version}.manifest.json`  what a version is made of (index-manifest.ts), small;
 *   `segments/{segmentId}.kis` immutable segments (index-segment.ts), shared by the versions naming them;
 *   `{version}.json`           a version of the earlier one-object format, still read.
 *
 * Publishing a new index: `saveIndex` writes the version's new segment (if any) and its manifest next
 * to the live version, the caller records that version on the chatbot (the atomic switch), then
 * `deleteIndexVersionsExcept` removes older manifests and the segments no version can use any more.
 * Readers load the version the chatbot record names; a warm Lambda keeps recently used versions and
 * segments in memory (a new version reuses the segments it already has), and neither ever changes
 * once written, so the caches need no invalidation.
 */

export type BuiltIndex = {
  /** The segment of the documents chunked afresh; its id becomes the version's. */
  segment?: { bytes: Uint8Array; chunks: number; vectors?: ManifestSegment['vectors'] };
  /** Segments of the live version kept as they are. */
  reused: ManifestSegment[];
  /** Every document in order; `segment` indexes `[...reused, segment]`. */
  documents: ManifestDocument[];
  pipeline: string;
};

/** The version named no longer exists (deleted by a newer re-index): re-read the chatbot record. */
export class IndexVersionNotFoundError extends Error {
  constructor(
    readonly chatbotId: string,
    readonly version: string,
  ) {
    super(`Knowledge index ${version} of assistant ${chatbotId} does not exist`);
    this.name = 'IndexVersionNotFoundError';
  }
}

const MAX_CACHED_INDEXES = 20;
/** Bounds the caches by the indexes' stored size too: a 10,000-chunk full-text index is about 24 MB. */
const MAX_CACHED_BYTES = 300_000_000;
const MAX_CACHED_SEGMENTS = 100;
const DELETE_BATCH = 1_000;

const safeId = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const versionPattern = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
const MANIFEST_SUFFIX = '.manifest.json';
const LEGACY_SUFFIX = '.json';
const SEGMENTS = 'segments/';
const SEGMENT_SUFFIX = '.kis';

type CacheKey = `${string}/${string}`;
const cache = new LruCache<CacheKey, Promise<SearchIndex>>(MAX_CACHED_INDEXES, MAX_CACHED_BYTES);
const segmentCache = new LruCache<CacheKey, Promise<SegmentView>>(MAX_CACHED_SEGMENTS, MAX_CACHED_BYTES);
const headCache = new LruCache<CacheKey, Promise<HeadIndex>>(MAX_CACHED_INDEXES, MAX_CACHED_BYTES);

const prefixOf = (chatbotId: string) => indexPrefixOf(checkedChatbotId(chatbotId));
const manifestKeyOf = (chatbotId: string, version: string) => `${prefixOf(chatbotId)}${checkedVersion(version)}${MANIFEST_SUFFIX}`;
const legacyKeyOf = (chatbotId: string, version: string) => `${prefixOf(chatbotId)}${checkedVersion(version)}${LEGACY_SUFFIX}`;
const segmentKeyOf = (chatbotId: string, segmentId: string) => `${prefixOf(chatbotId)}${SEGMENTS}${checkedVersion(segmentId)}${SEGMENT_SUFFIX}`;
const bucket = () => requireEnv('DOCUMENTS_BUCKET');

let lastVersionMs = 0;

/**
 * Time of creation to the millisecond plus randomness: versions sort in the order they were made.
 * Within one process the time part strictly increases, so two versions made in the same millisecond
 * still sort in the order they were made.
 */
export function newIndexVersion(now = new Date()): string {
  lastVersionMs = Math.max(now.getTime(), lastVersionMs + 1);
  return `${new Date(lastVersionMs).toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
}

export function isIndexVersion(value: string): boolean {
  return versionPattern.test(value);
}

/** The manifest a built index becomes as `version`: its new segment takes the version's name. */
export function manifestOf(built: BuiltIndex, version: string): IndexManifest {
  const own = built.segment && {
    id: version,
    chunks: built.segment.chunks,
    ...(built.segment.vectors ? { vectors: built.segment.vectors } : {}),
    bytes: built.segment.bytes.byteLength,
    head: segmentHeadLength(built.segment.bytes),
  };
  const segments = [...built.reused, ...(own ? [own] : [])];
  return { format: MANIFEST_FORMAT, formatVersion: MANIFEST_FORMAT_VERSION, pipeline: built.pipeline, segments, documents: built.documents };
}

/**
 * Stores a built index as a new version and returns the version; the live version is never touched.
 * A caller that orders its versions by when it read their sources names the version itself.
 */
export async function saveIndex(chatbotId: string, built: BuiltIndex, version = newIndexVersion()): Promise<string> {
  const manifest = manifestOf(built, version);
  // The segment first: a manifest is only ever readable with every segment it names in place.
  if (built.segment) await putOnce(segmentKeyOf(chatbotId, version), built.segment.bytes, 'application/octet-stream');
  await putOnce(manifestKeyOf(chatbotId, version), JSON.stringify(manifest), 'application/json');
  return version;
}

async function putOnce(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  // A version is written once: refuse to replace an object that somehow exists.
  await getS3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, IfNoneMatch: '*' }));
}

/**
 * The index of that version, from this Lambda's memory when it was loaded before (concurrent loads
 * share one request). Throws IndexVersionNotFoundError when the version does not exist.
 */
export function loadIndex(chatbotId: string, version: string, manifest?: IndexManifest, own?: Promise<Uint8Array | undefined>): Promise<SearchIndex> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) {
    return Promise.reject(new IndexVersionNotFoundError(chatbotId, version));
  }
  return cachedLoad(cache, `${chatbotId}/${version}`, () => fetchIndex(chatbotId, version, manifest, own));
}

/** A load shared by concurrent callers and kept when it succeeds, weighed by its bytes. */
function cachedLoad<T>(into: LruCache<CacheKey, Promise<T>>, key: CacheKey, load: () => Promise<{ value: T; bytes: number }>): Promise<T> {
  const cached = into.get(key);
  if (cached) return cached;
  const loading = load().then(
    ({ value, bytes }) => {
      if (into.get(key) === loading) into.set(key, loading, bytes);
      return value;
    },
    (error: unknown) => {
      if (into.get(key) === loading) into.delete(key);
      throw error;
    },
  );
  into.set(key, loading);
  return loading;
}

/**
 * An index read for full-text search from its segments' heads: the vocabulary, postings and per-chunk
 * numbers, without the passages' texts, which are fetched (ranged GETs) for the passages a search
 * answers with, and kept.
 */
export type HeadIndex = AssembledText & {
  sourceOf(position: number): KnowledgeChunk['source'];
  chunksAt(positions: readonly number[]): Promise<KnowledgeChunk[]>;
};

/**
 * Segments this large in total (not already in this Lambda's memory) are searched from their heads:
 * a cold function reads about a fifth of the bytes and decodes no passage it does not answer with.
 * Smaller indexes are read whole, so a warm function answers without another request.
 * `INDEX_HEAD_SEARCH_MIN_BYTES` changes it (tests and benchmarks read small indexes from their heads).
 */
const headSearchMinBytes = () => Number(process.env.INDEX_HEAD_SEARCH_MIN_BYTES ?? 1_000_000);
/** Records of hits this close in a segment are fetched with one ranged GET. */
const RECORD_GAP_BYTES = 16_384;

/**
 * The index of that version as a search needs it: whole (SearchIndex) when it is small, in memory,
 * of the earlier formats, or has vectors of `vectorModel` (hybrid search reads the passages' texts);
 * otherwise from its segments' heads (HeadIndex). Throws IndexVersionNotFoundError like `loadIndex`.
 */
/** Whether this warm function holds the version in memory: searching it reads nothing from storage. */
export function isIndexLoaded(chatbotId: string, version: string): boolean {
  const key: CacheKey = `${chatbotId}/${version}`;
  return cache.has(key) || headCache.has(key);
}

export async function loadIndexForSearch(
  chatbotId: string,
  version: string,
  vectorModel?: string,
  /** Work that does not need the index, run while the index is arriving (once the segment's response began, or the manifest is read). */
  meanwhile?: () => void,
): Promise<SearchIndex | HeadIndex> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) throw new IndexVersionNotFoundError(chatbotId, version);
  const key: CacheKey = `${chatbotId}/${version}`;
  const known = cache.get(key) ?? headCache.get(key);
  if (known) return known;
  // The version's own segment is asked for with the manifest: one round trip, as loadIndex does.
  let waited = false;
  const whileWaiting = () => {
    if (waited) return;
    waited = true;
    meanwhile?.();
  };
  const own = segmentCache.get(key) ? undefined : fetchOwnSegment(chatbotId, version, whileWaiting);
  const manifest = await loadManifest(chatbotId, version);
  whileWaiting();
  if (!manifest || !searchedFromHeads(chatbotId, manifest, vectorModel)) {
    return loadIndex(chatbotId, version, manifest, own?.then((read) => (read?.whole ? read.bytes : undefined)));
  }
  return cachedLoad(headCache, key, () => fetchHeadIndex(chatbotId, version, manifest, own));
}

/**
 * A version's own segment, asked for before its manifest says how it will be read: whole when it is
 * small (or of the KIS2 layout), else up to the end of its head, the rest of the response abandoned.
 * Undefined when that read failed (the caller reads again and reports what is wrong).
 */
async function fetchOwnSegment(chatbotId: string, version: string, whileArriving: () => void): Promise<{ bytes: Uint8Array; whole: boolean } | undefined> {
  try {
    const response = await getS3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: segmentKeyOf(chatbotId, version) }));
    whileArriving();
    const body = response.Body as AsyncIterable<Uint8Array> | undefined;
    const total = response.ContentLength;
    if (!body || total === undefined) return undefined;
    // Parts are copied into one buffer of the length wanted as they arrive (between the network's parts,
    // not all after the last); the length is known from the first bytes.
    let wanted = total < headSearchMinBytes() ? total : undefined;
    let bytes: Buffer | undefined;
    let early: Uint8Array[] = [];
    let received = 0;
    for await (const part of body) {
      if (!bytes) {
        early.push(part);
        const start = Buffer.concat(early);
        wanted ??= start.byteLength >= SEGMENT_PREAMBLE_BYTES ? Math.min(headLengthOf(start) ?? total, total) : undefined;
        if (wanted === undefined) continue;
        bytes = Buffer.allocUnsafe(wanted);
        early = [];
        received = start.copy(bytes, 0, 0, Math.min(start.byteLength, wanted));
      } else {
        const kept = Math.min(part.byteLength, wanted! - received);
        bytes.set(kept === part.byteLength ? part : part.subarray(0, kept), received);
        received += kept;
      }
      // Leaving the loop destroys the response: the records and vectors after the head are not read.
      if (received >= wanted!) break;
    }
    if (!bytes || received < wanted!) return undefined;
    return { bytes, whole: wanted === total };
  } catch {
    return undefined;
  }
}

function searchedFromHeads(chatbotId: string, manifest: IndexManifest, vectorModel: string | undefined): boolean {
  if (vectorModel && manifest.segments.some((segment) => segment.vectors?.model === vectorModel)) return false;
  if (manifest.segments.some((segment) => !segment.head || !segment.bytes)) return false;
  const toFetch = manifest.segments.filter((segment) => !segmentCache.get(`${chatbotId}/${segment.id}`));
  return toFetch.reduce((sum, segment) => sum + segment.bytes!, 0) >= headSearchMinBytes();
}

async function fetchHeadIndex(
  chatbotId: string,
  version: string,
  manifest: IndexManifest,
  own?: Promise<{ bytes: Uint8Array } | undefined>,
): Promise<{ value: HeadIndex; bytes: number }> {
  const heads = await Promise.all(
    manifest.segments.map(async (segment) => {
      const read = segment.id === version ? (await own)?.bytes : undefined;
      const bytes = read ?? (await fetchBytes(segmentKeyOf(chatbotId, segment.id), [0, segment.head!]));
      if (!bytes) throw new IndexVersionNotFoundError(chatbotId, version);
      return decodeSegmentHead(bytes);
    }),
  );
  const assembled = assembleText(manifest, heads);
  const fetched = new Map<number, Promise<KnowledgeChunk>>();

  const fetchRecords = (segment: number, positions: number[]) => {
    const head = heads[segment]!;
    const ranges = positions.map((position) => ({ position, range: head.recordRange!(assembled.localOf[position]!) })).sort((a, b) => a.range[0] - b.range[0]);
    for (let i = 0; i < ranges.length; ) {
      let j = i + 1;
      while (j < ranges.length && ranges[j]!.range[0] - ranges[j - 1]!.range[1] <= RECORD_GAP_BYTES) j++;
      const group = ranges.slice(i, j);
      const start = group[0]!.range[0];
      const bytes = fetchBytes(segmentKeyOf(chatbotId, manifest.segments[segment]!.id), [start, Math.max(...group.map((r) => r.range[1]))]).then((read) => {
        if (!read) throw new IndexVersionNotFoundError(chatbotId, version);
        return read;
      });
      for (const { position, range } of group) {
        const chunk = bytes.then((read) => chunkOfRecord(head, assembled.localOf[position]!, read.subarray(range[0] - start, range[1] - start)));
        fetched.set(position, chunk);
        // A failed read is tried again by the next search.
        chunk.catch(() => {
          if (fetched.get(position) === chunk) fetched.delete(position);
        });
      }
      i = j;
    }
  };

  const value: HeadIndex = {
    ...assembled,
    sourceOf: (position) => {
      const head = heads[assembled.segmentOf[position]!]!;
      return head.documents[head.chunkDocuments[assembled.localOf[position]!]!]!.source;
    },
    chunksAt: (positions) => {
      const missing = new Map<number, number[]>();
      for (const position of new Set(positions)) {
        if (fetched.has(position)) continue;
        if (!(position >= 0 && position < assembled.count)) throw new RangeError(`No chunk ${position} in index ${version}`);
        const segment = assembled.segmentOf[position]!;
        missing.set(segment, [...(missing.get(segment) ?? []), position]);
      }
      for (const [segment, wanted] of missing) fetchRecords(segment, wanted);
      return Promise.all(positions.map((position) => fetched.get(position)!));
    },
  };
  return { value, bytes: heads.reduce((sum, head) => sum + head.bytes, 0) };
}

/** The manifest of a version; undefined for a version of the earlier format. */
export async function loadManifest(chatbotId: string, version: string): Promise<IndexManifest | undefined> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) throw new IndexVersionNotFoundError(chatbotId, version);
  const text = await fetchText(manifestKeyOf(chatbotId, version));
  return text === undefined ? undefined : parseManifest(text);
}

async function fetchIndex(
  chatbotId: string,
  version: string,
  manifest?: IndexManifest,
  ownRead?: Promise<Uint8Array | undefined>,
): Promise<{ value: SearchIndex; bytes: number }> {
  if (manifest) return assembled(chatbotId, version, manifest, ownRead);
  // A version's own segment (most versions write one) is asked for with its manifest, not after it:
  // a cold function waits for one round trip instead of two.
  const ownKey: CacheKey = `${chatbotId}/${version}`;
  const own = segmentCache.get(ownKey) ? undefined : fetchBytes(segmentKeyOf(chatbotId, version)).catch(() => undefined);
  const manifestText = await fetchText(manifestKeyOf(chatbotId, version));
  if (manifestText === undefined) {
    const json = await fetchText(legacyKeyOf(chatbotId, version));
    if (json === undefined) throw new IndexVersionNotFoundError(chatbotId, version);
    return { value: loadIndexFromJson(json), bytes: json.length };
  }
  return assembled(chatbotId, version, parseManifest(manifestText), own);
}

async function assembled(chatbotId: string, version: string, manifest: IndexManifest, own?: Promise<Uint8Array | undefined>) {
  const segments = await Promise.all(manifest.segments.map((segment) => loadSegment(chatbotId, version, segment.id, segment.id === version ? own : undefined)));
  return { value: assembleIndex(manifest, segments), bytes: segments.reduce((sum, segment) => sum + segment.bytes, 0) };
}

function loadSegment(chatbotId: string, version: string, segmentId: string, fetching?: Promise<Uint8Array | undefined>): Promise<SegmentView> {
  const key: CacheKey = `${chatbotId}/${segmentId}`;
  const cached = segmentCache.get(key);
  if (cached) return cached;
  const bytesOf = async () => (await fetching) ?? fetchBytes(segmentKeyOf(chatbotId, segmentId));
  const loading = bytesOf().then((bytes) => {
    // Deleted by a newer version's clean-up: this version is gone too.
    if (!bytes) throw new IndexVersionNotFoundError(chatbotId, version);
    const segment = decodeSegment(bytes);
    if (segmentCache.get(key) === loading) segmentCache.set(key, loading, segment.bytes);
    return segment;
  });
  loading.catch(() => {
    if (segmentCache.get(key) === loading) segmentCache.delete(key);
  });
  segmentCache.set(key, loading);
  return loading;
}

/**
 * The chunks and vectors of a version, for a rebuild to reuse: from memory when this Lambda loaded
 * the index, else loaded. Throws IndexVersionNotFoundError when the version does not exist.
 */
export async function loadIndexChunkVectors(chatbotId: string, version: string): Promise<Pick<SearchIndex, 'chunks' | 'vectors'>> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) throw new IndexVersionNotFoundError(chatbotId, version);
  const cached = cache.get(`${chatbotId}/${version}`);
  if (cached) return cached;
  const manifestText = await fetchText(manifestKeyOf(chatbotId, version));
  if (manifestText !== undefined) return loadIndex(chatbotId, version);
  const json = await fetchText(legacyKeyOf(chatbotId, version));
  if (json === undefined) throw new IndexVersionNotFoundError(chatbotId, version);
  return loadChunkVectorsFromJson(json);
}

/** An object's bytes, or the bytes [start, end) of it; undefined when it does not exist. */
async function fetchBytes(key: string, range?: [start: number, end: number]): Promise<Uint8Array | undefined> {
  try {
    const Range = range && `bytes=${range[0]}-${range[1] - 1}`;
    const response = await getS3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key, ...(Range ? { Range } : {}) }));
    return (await response.Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

async function fetchText(key: string): Promise<string | undefined> {
  const bytes = await fetchBytes(key);
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** Empties this Lambda's memory of loaded indexes (tests and benchmarks measuring cold loads). */
export function forgetLoadedIndexes(): void {
  cache.clear();
  headCache.clear();
  segmentCache.clear();
}

type StoredObjects = { versions: string[]; segments: string[]; keys: string[] };

async function listStored(chatbotId: string): Promise<StoredObjects> {
  const prefix = prefixOf(chatbotId);
  const versions = new Set<string>();
  const segments: string[] = [];
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await getS3Client().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      const name = object.Key?.slice(prefix.length);
      if (!name || !object.Key) continue;
      keys.push(object.Key);
      if (name.startsWith(SEGMENTS)) {
        const id = name.slice(SEGMENTS.length).replace(SEGMENT_SUFFIX, '');
        if (isIndexVersion(id)) segments.push(id);
        continue;
      }
      const version = name.endsWith(MANIFEST_SUFFIX) ? name.slice(0, -MANIFEST_SUFFIX.length) : name.replace(/\.json$/, '');
      if (isIndexVersion(version)) versions.add(version);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return { versions: [...versions].sort(), segments: segments.sort(), keys };
}

/** The stored versions of an assistant's index, oldest first. */
export async function listIndexVersions(chatbotId: string): Promise<string[]> {
  return (await listStored(chatbotId)).versions;
}

/**
 * Deletes the versions older than `keepVersion`, after the chatbot record has switched to it, and the
 * segments written by older versions that `keepVersion` does not use: a rebuild only reuses the
 * segments of the version it read as live, and publishes only if that is still live, so no later
 * version can name them. Newer versions and their segments stay: they belong to a re-index still in
 * flight, which publishes and cleans up after itself.
 */
export async function deleteIndexVersionsExcept(chatbotId: string, keepVersion: string): Promise<void> {
  checkedVersion(keepVersion);
  const stored = await listStored(chatbotId);
  const kept = await loadManifest(chatbotId, keepVersion);
  const used = new Set(kept?.segments.map((segment) => segment.id) ?? []);
  const older = stored.versions.filter((version) => version < keepVersion);
  const unused = stored.segments.filter((id) => id < keepVersion && !used.has(id));
  await deleteKeys([
    ...older.flatMap((version) => [manifestKeyOf(chatbotId, version), legacyKeyOf(chatbotId, version)]),
    ...unused.map((id) => segmentKeyOf(chatbotId, id)),
  ]);
  for (const version of older) {
    cache.delete(`${chatbotId}/${version}`);
    headCache.delete(`${chatbotId}/${version}`);
  }
  for (const id of unused) segmentCache.delete(`${chatbotId}/${id}`);
}

/** Deletes every version and segment of an assistant's index (the assistant is deleted). */
export async function deleteAllIndexes(chatbotId: string): Promise<void> {
  await deleteKeys((await listStored(chatbotId)).keys);
  cache.deleteWhere((key) => key.startsWith(`${chatbotId}/`));
  headCache.deleteWhere((key) => key.startsWith(`${chatbotId}/`));
  segmentCache.deleteWhere((key) => key.startsWith(`${chatbotId}/`));
}

async function deleteKeys(keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const batch = keys.slice(start, start + DELETE_BATCH);
    const result = await getS3Client().send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = result.Errors ?? [];
    if (failed.length) throw new Error(`Deleting ${failed.length} index objects failed: ${failed[0]?.Code} ${failed[0]?.Message}`);
  }
}

function checkedChatbotId(chatbotId: string): string {
  if (!safeId.test(chatbotId)) throw new Error(`Invalid assistant id for an index key: ${JSON.stringify(chatbotId)}`);
  return chatbotId;
}

function checkedVersion(version: string): string {
  if (!isIndexVersion(version)) throw new Error(`Invalid index version: ${JSON.stringify(version)}`);
  return version;
}
