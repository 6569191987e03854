import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
} from '../../functions/contracts/documents.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, waitForKnowledge, type ApiClient } from '../support/api-client.js';
import {
  contentStreamBombPdf,
  documentFixtures,
  lyingSizeDocx,
  nestedDocx,
  pngBytes,
  randomBytes,
  whitespaceDocx,
  type DocumentFixture,
} from '../support/document-fixtures.js';
import { LIMIT_MESSAGES, MAX_UNPACKED_BYTES } from '../../functions/core/documents/extraction-limits.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { userIdOf } from '../support/subscriptions.js';
import { chatVisitor } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

/** Whose assistants `ask` asks: it first waits until their knowledge changes are learned (reindex-knowledge). */
let learner: ApiClient | undefined;

/** The public chat route, as the widget calls it. */
async function ask(chatbotId: string, message: string) {
  if (learner) await waitForKnowledge(learner, chatbotId);
  return (await chatVisitor(apiUrl, chatbotId, { contactName: 'Integration Visitor' }).ask(message)).body as { message: string };
}

/** What the Upload Document tab does: ask for an upload, PUT the bytes to storage, have them processed. */
async function upload(api: ApiClient, fileName: string, bytes: Uint8Array, announcedSize = bytes.length) {
  const started = await api.post('/knowledge/documents/upload-url', { fileName, size: announcedSize });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const stored = await fetch(started.body.uploadUrl, { method: 'PUT', headers: started.body.headers, body: new Uint8Array(bytes) });
  expect(stored.status).toBe(200);
  return started.body.uploadId as string;
}

/** Object keys in the documents bucket under a prefix. */
async function storedKeys(prefix: string): Promise<string[]> {
  return withRuntimeEnv(env, async () => {
    const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
    const listed = await getS3Client().send(new ListObjectsV2Command({ Bucket: env.DOCUMENTS_BUCKET, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key!);
  });
}

describe('documents uploaded into the knowledge base', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let userId: string;
  let chatbotId: string;
  let fixtures: DocumentFixture[];

  beforeAll(async () => {
    [site, fixtures] = await Promise.all([startFixtureSite({ pages: 10, hangingPage: false }), documentFixtures()]);
    const user = await signUpAndSignIn(config);
    userId = userIdOf(user.idToken);
    owner = apiClient(apiUrl, user.idToken);
    learner = owner;
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('knows nothing of the documents before they are uploaded', async () => {
    const { message } = await ask(chatbotId, fixtures[1]!.question);
    expect(message).not.toMatch(fixtures[1]!.fact);
  });

  it('turns a document of every accepted format into an entry the assistant answers from', async () => {
    for (const fixture of fixtures) {
      const uploadId = await upload(owner, fixture.fileName, fixture.bytes);
      const processed = await owner.post('/knowledge/documents', {
        uploadId,
        fileName: fixture.fileName,
        title: `Doc: ${fixture.fileName}`,
        type: 'document',
        chatbotId,
      });
      expect(processed.status, `${fixture.fileName}: ${JSON.stringify(processed.body)}`).toBe(201);
      expect(processed.body.message).toContain(`Doc: ${fixture.fileName}`);
      expect(processed.body.entry).toMatchObject({
        title: `Doc: ${fixture.fileName}`,
        type: 'document',
        chatbot_id: chatbotId,
        file_name: fixture.fileName,
        file_size: fixture.bytes.length,
        has_file: true,
        is_active: true,
      });
      expect(processed.body.entry.content).toMatch(fixture.fact);

      const { message } = await ask(chatbotId, fixture.question);
      expect(message, `${fixture.fileName}: ${fixture.question}`).toMatch(fixture.fact);
    }
  });

  it('lists the entries with their files, and each file link downloads the uploaded bytes', async () => {
    const { body } = await owner.get('/knowledge');
    for (const fixture of fixtures) {
      const entry = body.entries.find((e: { file_name: string | null }) => e.file_name === fixture.fileName);
      expect(entry, fixture.fileName).toMatchObject({ type: 'document', file_size: fixture.bytes.length, has_file: true });
      const link = await owner.get(`/knowledge/${entry.id}/file`);
      expect(link.status).toBe(200);
      const file = await fetch(link.body.url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(fixture.bytes))).toBe(true);
    }
    // Processed uploads are gone; every file is kept under the owner's documents prefix.
    expect(await storedKeys(`uploads/${userId}/`)).toEqual([]);
    expect(await storedKeys(`documents/${userId}/`)).toHaveLength(fixtures.length);
  });

  it('titles an entry with the file name when no title is given, for all assistants by default', async () => {
    const fixture = fixtures.find((f) => f.fileName.endsWith('.txt'))!;
    const uploadId = await upload(owner, 'opening-notes.txt', fixture.bytes);
    const { status, body } = await owner.post('/knowledge/documents', { uploadId, fileName: 'opening-notes.txt' });
    expect(status).toBe(201);
    expect(body.entry).toMatchObject({ title: 'opening-notes.txt', type: 'document', chatbot_id: null });
    await owner.delete(`/knowledge/${body.entry.id}`);
  });

  it('gives each entry its own file, even when one upload is processed twice at once', async () => {
    const fixture = fixtures.find((f) => f.fileName.endsWith('.md'))!;
    const uploadId = await upload(owner, fixture.fileName, fixture.bytes);
    const first = await owner.post('/knowledge/documents', { uploadId, fileName: fixture.fileName, title: 'First copy' });
    expect(first.status).toBe(201);
    // What a second processing racing the first sees: the upload still there after the first copied it.
    await withRuntimeEnv(env, async () => {
      const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
      await getS3Client().send(
        new PutObjectCommand({ Bucket: env.DOCUMENTS_BUCKET, Key: `uploads/${userId}/${uploadId}`, Body: fixture.bytes }),
      );
    });
    const second = await owner.post('/knowledge/documents', { uploadId, fileName: fixture.fileName, title: 'Second copy' });
    expect(second.status).toBe(201);

    expect((await owner.delete(`/knowledge/${first.body.entry.id}`)).status).toBe(200);
    const link = await owner.get(`/knowledge/${second.body.entry.id}/file`);
    const file = await fetch(link.body.url);
    expect(file.status, 'the second entry lost its file with the first').toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(fixture.bytes))).toBe(true);
    await owner.delete(`/knowledge/${second.body.entry.id}`);
  });

  describe('refusals leave nothing behind', () => {
    let entriesBefore: number;
    let filesBefore: number;
    beforeAll(async () => {
      entriesBefore = (await owner.get('/knowledge')).body.entries.length;
      filesBefore = (await storedKeys(`documents/${userId}/`)).length;
    });

    async function expectNothingStored() {
      expect((await owner.get('/knowledge')).body.entries).toHaveLength(entriesBefore);
      expect(await storedKeys(`documents/${userId}/`)).toHaveLength(filesBefore);
      expect(await storedKeys(`uploads/${userId}/`)).toEqual([]);
    }

    it('refuses a renamed binary with a permitted extension (422)', async () => {
      for (const [fileName, bytes] of [
        ['menu.pdf', pngBytes()],
        ['notes.txt', randomBytes(8192)],
        ['letter.docx', pngBytes()],
      ] as const) {
        const uploadId = await upload(owner, fileName, bytes);
        const { status, body } = await owner.post('/knowledge/documents', { uploadId, fileName, chatbotId });
        expect(status, fileName).toBe(422);
        expect(body.error).toMatch(/^This \.\w+ file is not .+: its content is (a PNG image|binary data)/);
      }
      await expectNothingStored();
    });

    /** /health, asked every 50 ms while `work` runs: how long each answer took. */
    async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; healthMs: number[] }> {
      const healthMs: number[] = [];
      let running = true;
      const polling = (async () => {
        while (running) {
          const started = performance.now();
          expect((await fetch(`${apiUrl}/health`)).status).toBe(200);
          healthMs.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const result = await work;
      running = false;
      await polling;
      return { result, healthMs };
    }

    it.each([
      ['whitespace.docx', () => whitespaceDocx(MAX_UNPACKED_BYTES + 1024), LIMIT_MESSAGES.unpacked],
      ['nested.docx', () => nestedDocx(900_000), LIMIT_MESSAGES.depth],
      ['lying-sizes.docx', () => lyingSizeDocx(MAX_UNPACKED_BYTES * 2), LIMIT_MESSAGES.unpacked],
      ['content-bomb.pdf', () => contentStreamBombPdf(50 * 1024 * 1024), LIMIT_MESSAGES.pdfStream],
    ])('refuses the hostile %s at its limit (422) while the API keeps answering', async (fileName, build, message) => {
      const uploadId = await upload(owner, fileName, build());
      const { result, healthMs } = await healthWhile(owner.post('/knowledge/documents', { uploadId, fileName, chatbotId }));
      expect(result).toEqual({ status: 422, body: { error: message } });
      // The first /health goes out with the request; read on the event loop, the file blocked it for seconds.
      expect(healthMs.length).toBeGreaterThanOrEqual(1);
      expect(Math.max(...healthMs)).toBeLessThan(1_000);
      await expectNothingStored();
    });

    it('refuses a document with no text (422)', async () => {
      const uploadId = await upload(owner, 'blank.md', new Uint8Array(Buffer.from('\n\n   \n')));
      const { status, body } = await owner.post('/knowledge/documents', { uploadId, fileName: 'blank.md', chatbotId });
      expect({ status, body }).toEqual({ status: 422, body: { error: 'No text could be extracted from this document' } });
      await expectNothingStored();
    });

    it('refuses an unsupported file type with the spec message (400)', async () => {
      const started = await owner.post('/knowledge/documents/upload-url', { fileName: 'photo.png', size: 1000 });
      expect(started).toEqual({ status: 400, body: { error: UNSUPPORTED_FILE_TYPE_MESSAGE } });
      // The check holds at processing too, whatever was uploaded.
      const uploadId = await upload(owner, 'menu.pdf', pngBytes());
      const processed = await owner.post('/knowledge/documents', { uploadId, fileName: 'menu.exe' });
      expect(processed).toEqual({ status: 400, body: { error: UNSUPPORTED_FILE_TYPE_MESSAGE } });
      expect((await owner.post('/knowledge/documents', { uploadId, fileName: 'menu.pdf' })).status).toBe(422);
      await expectNothingStored();
    });

    it('refuses a document over the size limit, announced or not (413)', async () => {
      const announced = await owner.post('/knowledge/documents/upload-url', { fileName: 'big.pdf', size: MAX_DOCUMENT_BYTES + 1 });
      expect(announced).toEqual({ status: 413, body: { error: DOCUMENT_TOO_LARGE_MESSAGE } });
      // S3 refuses a body whose length differs from the signed one; the local stand-in does not check
      // signatures, which lets this test store a larger object and see the server refuse it too.
      const uploadId = await upload(owner, 'big.txt', new Uint8Array(MAX_DOCUMENT_BYTES + 1).fill(0x61), 1000);
      const processed = await owner.post('/knowledge/documents', { uploadId, fileName: 'big.txt' });
      expect(processed).toEqual({ status: 413, body: { error: DOCUMENT_TOO_LARGE_MESSAGE } });
      await expectNothingStored();
    });

    it("answers 404 for another user's upload and leaves it to its owner", async () => {
      const fixture = fixtures.find((f) => f.fileName.endsWith('.md'))!;
      const uploadId = await upload(owner, fixture.fileName, fixture.bytes);
      const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
      const taken = await stranger.post('/knowledge/documents', { uploadId, fileName: fixture.fileName });
      expect(taken).toEqual({ status: 404, body: { error: 'Upload not found: please upload the file again' } });
      expect((await stranger.get('/knowledge')).body.entries).toEqual([]);
      // Nor can the stranger file it under the owner's assistant.
      const own = await upload(stranger, fixture.fileName, fixture.bytes);
      const foreignBot = await stranger.post('/knowledge/documents', { uploadId: own, fileName: fixture.fileName, chatbotId });
      expect(foreignBot.status).toBe(404);

      const processed = await owner.post('/knowledge/documents', { uploadId, fileName: fixture.fileName });
      expect(processed.status).toBe(201);
      await owner.delete(`/knowledge/${processed.body.entry.id}`);
    });

    it('answers 404 for an upload that was never made or is already processed', async () => {
      const fixture = fixtures.find((f) => f.fileName.endsWith('.txt'))!;
      const uploadId = await upload(owner, fixture.fileName, fixture.bytes);
      const first = await owner.post('/knowledge/documents', { uploadId, fileName: fixture.fileName });
      expect(first.status).toBe(201);
      const again = await owner.post('/knowledge/documents', { uploadId, fileName: fixture.fileName });
      expect(again.status).toBe(404);
      await owner.delete(`/knowledge/${first.body.entry.id}`);
      const never = await owner.post('/knowledge/documents', { uploadId: crypto.randomUUID(), fileName: 'x.txt' });
      expect(never.status).toBe(404);
      const malformed = await owner.post('/knowledge/documents', { uploadId: '../other-user/x', fileName: 'x.txt' });
      expect(malformed.status).toBe(400);
    });
  });
});
