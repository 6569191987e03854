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
import { loadChunkVectorsFromJson, loadIndexFromJson, type SearchIndex } from './search-index.js';

/**
 * Search indexes in the `knowledge-documents` bucket at `indexes/{chatbotId}/{version}.json`.
 *
 * Publishing a new index: `saveIndex` writes a new version next to the live one, the caller records
 * that version on the chatbot (the atomic switch), then `deleteIndexVersionsExcept` removes the older
 * versions. Readers load the version the chatbot record names; a warm Lambda keeps recently used
 * versions in memory, and a version never changes once written, so the cache needs no invalidation.
 */

export type BuiltIndex = { json: string };

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
/** Bounds the cache by the indexes' stored size too: a 10,000-chunk full-text index is about 10 MB. */
const MAX_CACHED_JSON_CHARS = 150_000_000;
const DELETE_BATCH = 1_000;

const safeId = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const versionPattern = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

type CacheKey = `${string}/${string}`;
const cache = new LruCache<CacheKey, Promise<SearchIndex>>(MAX_CACHED_INDEXES, MAX_CACHED_JSON_CHARS);

const prefixOf = (chatbotId: string) => indexPrefixOf(checkedChatbotId(chatbotId));
const keyOf = (chatbotId: string, version: string) => `${prefixOf(chatbotId)}${checkedVersion(version)}.json`;
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

/**
 * Stores a built index as a new version and returns the version; the live version is never touched.
 * A caller that orders its versions by when it read their sources names the version itself.
 */
export async function saveIndex(chatbotId: string, built: BuiltIndex, version = newIndexVersion()): Promise<string> {
  await getS3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: keyOf(chatbotId, version),
      Body: built.json,
      ContentType: 'application/json',
      // A version is written once: refuse to replace an object that somehow exists.
      IfNoneMatch: '*',
    }),
  );
  return version;
}

/**
 * The index of that version, from this Lambda's memory when it was loaded before (concurrent loads
 * share one request). Throws IndexVersionNotFoundError when the version does not exist.
 */
export function loadIndex(chatbotId: string, version: string): Promise<SearchIndex> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) {
    return Promise.reject(new IndexVersionNotFoundError(chatbotId, version));
  }
  const key: CacheKey = `${chatbotId}/${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const loading = fetchIndex(chatbotId, version).then(
    ({ index, chars }) => {
      if (cache.get(key) === loading) cache.set(key, loading, chars);
      return index;
    },
    (error: unknown) => {
      if (cache.get(key) === loading) cache.delete(key);
      throw error;
    },
  );
  cache.set(key, loading);
  return loading;
}

async function fetchIndex(chatbotId: string, version: string): Promise<{ index: SearchIndex; chars: number }> {
  const json = await fetchIndexJson(chatbotId, version);
  return { index: loadIndexFromJson(json), chars: json.length };
}

/**
 * The chunks and vectors of a version, for a rebuild to reuse: from memory when this Lambda loaded
 * the index, else read without building its full-text index and without caching (the rebuild
 * replaces it). Throws IndexVersionNotFoundError when the version does not exist.
 */
export async function loadIndexChunkVectors(chatbotId: string, version: string): Promise<Pick<SearchIndex, 'chunks' | 'vectors'>> {
  if (!safeId.test(chatbotId) || !isIndexVersion(version)) throw new IndexVersionNotFoundError(chatbotId, version);
  const cached = cache.get(`${chatbotId}/${version}`);
  if (cached) return cached;
  return loadChunkVectorsFromJson(await fetchIndexJson(chatbotId, version));
}

async function fetchIndexJson(chatbotId: string, version: string): Promise<string> {
  try {
    const response = await getS3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: keyOf(chatbotId, version) }));
    return (await response.Body?.transformToString('utf-8')) ?? '';
  } catch (error) {
    if (isMissingObject(error)) {
      throw new IndexVersionNotFoundError(chatbotId, version);
    }
    throw error;
  }
}

/** Empties this Lambda's memory of loaded indexes (tests and benchmarks measuring cold loads). */
export function forgetLoadedIndexes(): void {
  cache.clear();
}

/** The stored versions of an assistant's index, oldest first. */
export async function listIndexVersions(chatbotId: string): Promise<string[]> {
  const prefix = prefixOf(chatbotId);
  const versions: string[] = [];
  let token: string | undefined;
  do {
    const page = await getS3Client().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const version = object.Key?.slice(prefix.length).replace(/\.json$/, '');
      if (version && isIndexVersion(version)) versions.push(version);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return versions.sort();
}

/**
 * Deletes the versions older than `keepVersion`, after the chatbot record has switched to it. Newer
 * versions stay: they belong to a re-index still in flight, which publishes and cleans up after itself.
 */
export async function deleteIndexVersionsExcept(chatbotId: string, keepVersion: string): Promise<void> {
  checkedVersion(keepVersion);
  const older = (await listIndexVersions(chatbotId)).filter((version) => version < keepVersion);
  await deleteVersions(chatbotId, older);
}

/** Deletes every version of an assistant's index (the assistant is deleted). */
export async function deleteAllIndexes(chatbotId: string): Promise<void> {
  await deleteVersions(chatbotId, await listIndexVersions(chatbotId));
  cache.deleteWhere((key) => key.startsWith(`${chatbotId}/`));
}

async function deleteVersions(chatbotId: string, versions: readonly string[]): Promise<void> {
  for (let start = 0; start < versions.length; start += DELETE_BATCH) {
    const batch = versions.slice(start, start + DELETE_BATCH);
    const result = await getS3Client().send(
      new DeleteObjectsCommand({
        Bucket: bucket(),
        Delete: { Objects: batch.map((version) => ({ Key: keyOf(chatbotId, version) })), Quiet: true },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length) throw new Error(`Deleting ${failed.length} index versions failed: ${failed[0]?.Code} ${failed[0]?.Message}`);
  }
  for (const version of versions) cache.delete(`${chatbotId}/${version}`);
}

function checkedChatbotId(chatbotId: string): string {
  if (!safeId.test(chatbotId)) throw new Error(`Invalid assistant id for an index key: ${JSON.stringify(chatbotId)}`);
  return chatbotId;
}

function checkedVersion(version: string): string {
  if (!isIndexVersion(version)) throw new Error(`Invalid index version: ${JSON.stringify(version)}`);
  return version;
}
