import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { EmbeddingProvider } from '../../../functions/core/knowledge/embedding-provider.js';
import { buildKnowledgeIndex, searchKnowledge, searchKnowledgeForQuestion } from '../../../functions/core/knowledge/index-knowledge.js';
import {
  deleteAllIndexes,
  deleteIndexVersionsExcept,
  forgetLoadedIndexes,
  IndexVersionNotFoundError,
  isIndexVersion,
  listIndexVersions,
  loadIndex,
  loadManifest,
  newIndexVersion,
  saveIndex,
} from '../../../functions/core/knowledge/index-store.js';
import { chunkDocuments } from '../../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../../functions/core/knowledge/knowledge-document.js';
import { getS3Client } from '../../../functions/core/storage/s3-client.js';
import { buildSearchIndex, questionTermWeights, searchIndex, serializeIndex, type SearchIndex } from '../../../functions/core/knowledge/search-index.js';
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
  let bakery: Awaited<ReturnType<typeof buildKnowledgeIndex>>;
  const florist = [
    { id: 'florist', source: 'entry' as const, title: 'Opening hours', text: 'The flower shop opens at 10 am every day.' },
  ];

  beforeAll(async () => {
    Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
    bakery = await buildKnowledgeIndex(bakeryDocuments, fullText);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('saves an index as a new version, loads it and searches it', async () => {
    const chatbotId = newChatbotId();
    const version = await saveIndex(chatbotId, bakery);
    expect(isIndexVersion(version)).toBe(true);
    expect(await storedKeys(chatbotId)).toEqual([
      `indexes/${chatbotId}/${version}.manifest.json`,
      `indexes/${chatbotId}/segments/${version}.kis`,
    ]);

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

    // Concurrent first loads share one request for the manifest and one for its segment.
    const [first, concurrent] = await Promise.all([loadIndex(chatbotId, version), loadIndex(chatbotId, version)]);
    expect(concurrent).toBe(first);
    expect(gets()).toBe(2);

    expect(await loadIndex(chatbotId, version)).toBe(first);
    await searchKnowledge(chatbotId, version, 'sourdough', 5, fullText);
    expect(gets()).toBe(2);

    forgetLoadedIndexes();
    const reloaded = await loadIndex(chatbotId, version);
    expect(reloaded).not.toBe(first);
    expect(gets()).toBe(4);
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

  it('an index updated document by document answers exactly as one built from scratch', async () => {
    const chatbotId = newChatbotId();
    const first = await saveIndex(chatbotId, bakery);
    const [changed, removed, ...unchanged] = bakeryDocuments;
    const documents: KnowledgeDocument[] = [
      ...unchanged,
      { ...changed!, text: `${changed!.text}\n\n## Gift cards\n\nGift cards of 25 or 50 dollars are sold at the counter.` },
      { id: 'entry:dogs', source: 'entry', title: 'Dogs', text: 'Dogs on a lead are welcome inside the bakery.', type: 'context' },
    ];
    const incremental = await buildKnowledgeIndex(documents, { ...fullText, base: await loadManifest(chatbotId, first) });
    expect(incremental.rebuiltDocuments).toBe(2);
    expect(incremental.reused.map((segment) => segment.id)).toEqual([first]);
    const updated = await saveIndex(chatbotId, incremental);
    const scratch = await saveIndex(chatbotId, await buildKnowledgeIndex(documents, fullText));

    forgetLoadedIndexes();
    const [a, b] = await Promise.all([loadIndex(chatbotId, updated), loadIndex(chatbotId, scratch)]);
    expect(a.chunks).toEqual(b.chunks);
    expect(a.chunks.some((chunk) => chunk.documentId === removed!.id)).toBe(false);
    for (const query of ['opening hours', 'Do you sell gift cards?', 'Can I bring my dog?', 'gluten free bread', 'sourdough', 'wedding cakes']) {
      expect(searchIndex(a, query, 5)).toEqual(searchIndex(b, query, 5));
    }
    expect(searchIndex(a, 'Do you sell gift cards?', 1)[0]?.text).toMatch(/25 or 50 dollars/);

    // Publishing `updated` deletes the first manifest but keeps the segment it still uses.
    await deleteIndexVersionsExcept(chatbotId, updated);
    expect(await storedKeys(chatbotId)).toEqual(
      [`${updated}.manifest.json`, `${scratch}.manifest.json`, `segments/${first}.kis`, `segments/${updated}.kis`, `segments/${scratch}.kis`]
        .map((name) => `indexes/${chatbotId}/${name}`)
        .sort(),
    );
    // Publishing the one built from scratch leaves only its own.
    await deleteIndexVersionsExcept(chatbotId, scratch);
    expect(await storedKeys(chatbotId)).toEqual([`indexes/${chatbotId}/${scratch}.manifest.json`, `indexes/${chatbotId}/segments/${scratch}.kis`]);
    await deleteAllIndexes(chatbotId);
  });

  it('read from its segments\' heads, answers as the whole index, after a full build and after an incremental update', async () => {
    const chatbotId = newChatbotId();
    const first = await saveIndex(chatbotId, bakery);
    const [changed, ...unchanged] = bakeryDocuments;
    const documents: KnowledgeDocument[] = [
      ...unchanged,
      { ...changed!, text: `${changed!.text}\n\n## Gift cards\n\nGift cards of 25 or 50 dollars are sold at the counter.` },
    ];
    const updated = await saveIndex(chatbotId, await buildKnowledgeIndex(documents, { ...fullText, base: await loadManifest(chatbotId, first) }));
    const scratch = await saveIndex(chatbotId, await buildKnowledgeIndex(documents, fullText));
    const questions = ['opening hours', 'Do you sell gift cards?', 'gluten free bread', 'sourdough', 'wedding cakes', 'xylophone'];
    const whole = new Map<string, SearchIndex>();
    for (const version of [first, updated, scratch]) whole.set(version, await loadIndex(chatbotId, version));

    // Small indexes are read whole; this one is read from its heads as a large one is.
    vi.stubEnv('INDEX_HEAD_SEARCH_MIN_BYTES', '0');
    forgetLoadedIndexes();
    const send = vi.spyOn(getS3Client(), 'send');
    const segmentGets = () =>
      send.mock.calls.map(([command]) => command.input as { Key?: string; Range?: string }).filter((input) => input.Key?.includes('/segments/'));
    for (const version of [first, updated, scratch]) {
      for (const question of questions) {
        const fromHeads = await searchKnowledgeForQuestion(chatbotId, version, question, 8, fullText);
        expect(fromHeads.passages).toEqual(searchIndex(whole.get(version)!, question, 8));
        expect(fromHeads.termWeights).toEqual(questionTermWeights(whole.get(version)!, question));
      }
    }
    const updatedHits = await searchKnowledge(chatbotId, updated, 'Do you sell gift cards?', 8, fullText);
    expect(updatedHits).toEqual(await searchKnowledge(chatbotId, scratch, 'Do you sell gift cards?', 8, fullText));
    expect(updatedHits[0]?.text).toMatch(/25 or 50 dollars/);
    // A segment is read from its start up to the end of its head (its own segment with the manifest,
    // reused ones by range), then by range the records of the passages answered with.
    const ranged = segmentGets().filter((input) => /^bytes=\d+-\d+$/.test(input.Range ?? ''));
    expect(ranged.length).toBeGreaterThan(3);
    expect(segmentGets().filter((input) => !input.Range).map((input) => input.Key)).toEqual(
      [first, updated, scratch].map((version) => `indexes/${chatbotId}/segments/${version}.kis`),
    );
    await deleteAllIndexes(chatbotId);
  });

  it('answers a cold question from the head of its segment and the records of the passages it answers with, and the next one from memory', async () => {
    const chatbotId = newChatbotId();
    const version = await saveIndex(chatbotId, bakery);
    const [segment] = (await loadManifest(chatbotId, version))!.segments;
    vi.stubEnv('INDEX_HEAD_SEARCH_MIN_BYTES', '0');
    forgetLoadedIndexes();
    const send = vi.spyOn(getS3Client(), 'send');
    const segmentGets = () =>
      send.mock.calls.map(([command]) => command.input as { Key?: string; Range?: string }).filter((input) => input.Key?.includes('/segments/'));
    const question = 'Do you sell gift cards?';
    const first = await searchKnowledgeForQuestion(chatbotId, version, question, 8, fullText);
    expect(first.passages.length).toBeGreaterThan(0);
    // The segment from its start (read up to the end of its head, the rest abandoned), then ranges
    // past the head: the records of the passages answered with, none of the head again.
    const [whole, ...ranged] = segmentGets();
    expect(whole).toMatchObject({ Key: `indexes/${chatbotId}/segments/${version}.kis` });
    expect(whole!.Range).toBeUndefined();
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.length).toBeLessThanOrEqual(first.passages.length);
    for (const { Range } of ranged) {
      const [start, end] = /^bytes=(\d+)-(\d+)$/.exec(Range ?? '')!.slice(1).map(Number) as [number, number];
      expect(start).toBeGreaterThanOrEqual(segment!.head!);
      expect(end).toBeLessThan(segment!.bytes!);
    }
    // Asked again, the same passages come from this function's memory: no request at all.
    send.mockClear();
    expect(await searchKnowledgeForQuestion(chatbotId, version, question, 8, fullText)).toEqual(first);
    expect(send).not.toHaveBeenCalled();
    await deleteAllIndexes(chatbotId);
  });

  it('reads an index stored in the earlier one-object format, and removes it once a newer version is published', async () => {
    const chatbotId = newChatbotId();
    const old = newIndexVersion();
    const legacy = buildSearchIndex(chunkDocuments(bakeryDocuments));
    await getS3Client().send(
      new PutObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: `indexes/${chatbotId}/${old}.json`, Body: serializeIndex(legacy) }),
    );
    forgetLoadedIndexes();
    expect(await listIndexVersions(chatbotId)).toEqual([old]);
    const loaded = await loadIndex(chatbotId, old);
    expect(searchIndex(loaded, 'What are your opening hours?')).toEqual(searchIndex(legacy, 'What are your opening hours?'));
    expect(await loadManifest(chatbotId, old)).toBeUndefined();

    const next = await saveIndex(chatbotId, bakery);
    await deleteIndexVersionsExcept(chatbotId, next);
    expect(await listIndexVersions(chatbotId)).toEqual([next]);
    await expect(loadIndex(chatbotId, old)).rejects.toBeInstanceOf(IndexVersionNotFoundError);
    await deleteAllIndexes(chatbotId);
  });
});
