import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { EmbeddingProvider } from '../../../functions/core/knowledge/embedding-provider.js';
import { buildKnowledgeIndex, searchKnowledge } from '../../../functions/core/knowledge/index-knowledge.js';
import {
  deleteAllIndexes,
  deleteIndexVersionsExcept,
  forgetLoadedIndexes,
  IndexVersionNotFoundError,
  isIndexVersion,
  listIndexVersions,
  loadIndex,
  saveIndex,
} from '../../../functions/core/knowledge/index-store.js';
import { getS3Client } from '../../../functions/core/storage/s3-client.js';
import { searchIndex } from '../../../functions/core/knowledge/search-index.js';
import { bakeryDocuments } from '../../unit/knowledge/small-business-documents.js';

const { env } = inject('runtime');

/** Keys as S3 holds them, read with a client of the test's own. */
async function storedKeys(chatbotId: string): Promise<string[]> {
  const s3 = new S3Client({ endpoint: env.AWS_ENDPOINT_URL_S3, region: env.AWS_REGION, forcePathStyle: true });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: env.DOCUMENTS_BUCKET, Prefix: `indexes/${chatbotId}/` }));
  s3.destroy();
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const newChatbotId = () => `kb-test-${randomUUID()}`;
const fullText = { embeddings: null };

describe('knowledge index store (S3 of the local runtime)', () => {
  let bakery: { json: string; chunkCount: number };
  const florist = [
    { id: 'florist', source: 'entry' as const, title: 'Opening hours', text: 'The flower shop opens at 10 am every day.' },
  ];

  beforeAll(async () => {
    Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
    bakery = await buildKnowledgeIndex(bakeryDocuments, fullText);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves an index as a new version, loads it and searches it', async () => {
    const chatbotId = newChatbotId();
    const version = await saveIndex(chatbotId, bakery);
    expect(isIndexVersion(version)).toBe(true);
    expect(await storedKeys(chatbotId)).toEqual([`indexes/${chatbotId}/${version}.json`]);

    forgetLoadedIndexes();
    const index = await loadIndex(chatbotId, version);
    expect(index.chunks).toHaveLength(bakery.chunkCount);
    expect(searchIndex(index, 'What are your opening hours?')[0]?.heading).toBe('Visit us > Opening hours');

    const hits = await searchKnowledge(chatbotId, version, 'When are you open on Sunday?', 3, fullText);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits[0]).toMatchObject({ heading: 'Visit us > Opening hours', url: 'https://rosies-bakery.example/visit' });
    expect(await searchKnowledge(chatbotId, version, 'xylophone', 5, fullText)).toEqual([]);
    expect(await searchKnowledge(chatbotId, version, '   ', 5, fullText)).toEqual([]);
    await deleteAllIndexes(chatbotId);
  });

  it('leaves the first version readable after a second save, until the older versions are deleted', async () => {
    const chatbotId = newChatbotId();
    const first = await saveIndex(chatbotId, bakery);
    const second = await saveIndex(chatbotId, await buildKnowledgeIndex(florist, fullText));
    expect(second > first).toBe(true);
    expect(await listIndexVersions(chatbotId)).toEqual([first, second]);

    forgetLoadedIndexes();
    expect((await searchKnowledge(chatbotId, first, 'opening hours', 1, fullText))[0]?.documentId).toBe(
      'https://rosies-bakery.example/visit',
    );
    expect((await searchKnowledge(chatbotId, second, 'opening hours', 1, fullText))[0]?.documentId).toBe('florist');

    // The record now names `second`; the older version goes, from S3 and from this Lambda's memory.
    await deleteIndexVersionsExcept(chatbotId, second);
    expect(await listIndexVersions(chatbotId)).toEqual([second]);
    await expect(loadIndex(chatbotId, first)).rejects.toBeInstanceOf(IndexVersionNotFoundError);
    expect((await loadIndex(chatbotId, second)).chunks).toHaveLength(1);
    await deleteAllIndexes(chatbotId);
  });

  it('never deletes a version newer than the one kept (a re-index still in flight)', async () => {
    const chatbotId = newChatbotId();
    const older = await saveIndex(chatbotId, bakery);
    const kept = await saveIndex(chatbotId, bakery);
    const inFlight = await saveIndex(chatbotId, bakery);
    await deleteIndexVersionsExcept(chatbotId, kept);
    expect(await listIndexVersions(chatbotId)).toEqual([kept, inFlight]);
    expect(older < kept).toBe(true);
    await deleteAllIndexes(chatbotId);
  });

  it('serves a version loaded before from memory: the same object, no second request to S3', async () => {
    const chatbotId = newChatbotId();
    const version = await saveIndex(chatbotId, bakery);
    forgetLoadedIndexes();
    const send = vi.spyOn(getS3Client(), 'send');
    const gets = () => send.mock.calls.filter(([command]) => command instanceof GetObjectCommand).length;

    // Concurrent first loads share one request.
    const [first, concurrent] = await Promise.all([loadIndex(chatbotId, version), loadIndex(chatbotId, version)]);
    expect(concurrent).toBe(first);
    expect(gets()).toBe(1);

    expect(await loadIndex(chatbotId, version)).toBe(first);
    await searchKnowledge(chatbotId, version, 'sourdough', 5, fullText);
    expect(gets()).toBe(1);

    forgetLoadedIndexes();
    const reloaded = await loadIndex(chatbotId, version);
    expect(reloaded).not.toBe(first);
    expect(gets()).toBe(2);
    await deleteAllIndexes(chatbotId);
  });

  it('deleteAllIndexes removes every version, also from memory', async () => {
    const chatbotId = newChatbotId();
    const versions = [await saveIndex(chatbotId, bakery), await saveIndex(chatbotId, bakery)];
    await loadIndex(chatbotId, versions[1]!);
    await deleteAllIndexes(chatbotId);
    expect(await storedKeys(chatbotId)).toEqual([]);
    expect(await listIndexVersions(chatbotId)).toEqual([]);
    for (const version of versions) {
      await expect(loadIndex(chatbotId, version)).rejects.toBeInstanceOf(IndexVersionNotFoundError);
    }
    await deleteAllIndexes(chatbotId); // nothing left: still fine
  });

  it('refuses ids and versions that are not safe key parts', async () => {
    await expect(saveIndex('../other-bot', bakery)).rejects.toThrow(/Invalid assistant id/);
    await expect(loadIndex('bot/1', '20250101T000000000Z-00000000')).rejects.toBeInstanceOf(IndexVersionNotFoundError);
    await expect(loadIndex(newChatbotId(), '../../secret')).rejects.toBeInstanceOf(IndexVersionNotFoundError);
    await expect(deleteIndexVersionsExcept(newChatbotId(), 'latest')).rejects.toThrow(/Invalid index version/);
  });

  it('searches hybrid with the query embedded by the same model, and full text without it', async () => {
    const chatbotId = newChatbotId();
    // A fake model with one idea: anything about visiting times.
    const visiting = /\b(open|opening|closed|monday|sunday|when|drop)\b/gi;
    const embeddings: EmbeddingProvider & { calls: number } = {
      model: 'fake-visiting',
      calls: 0,
      async embed(texts) {
        this.calls++;
        return texts.map((text) => Float32Array.of(text.match(visiting)?.length ?? 0, 1));
      },
    };
    const version = await saveIndex(chatbotId, await buildKnowledgeIndex(bakeryDocuments, { embeddings }));
    const query = 'When can I drop by?';
    expect(await searchKnowledge(chatbotId, version, query, 5, fullText)).toEqual([]);
    const hits = await searchKnowledge(chatbotId, version, query, 5, { embeddings });
    expect(hits[0]?.heading).toBe('Visit us > Opening hours');
    expect(embeddings.calls).toBe(2); // one for the chunks, one for the query

    // Vectors of another model are not compared with the index's.
    const other = { ...embeddings, model: 'another-model' };
    expect(await searchKnowledge(chatbotId, version, query, 5, { embeddings: other })).toEqual([]);
    await deleteAllIndexes(chatbotId);
  });
});
