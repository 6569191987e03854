import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { db } from '../../../functions/core/data/db.js';
import type { EmbeddingProvider } from '../../../functions/core/knowledge/embedding-provider.js';
import { forgetLoadedIndexes, listIndexVersions, loadIndex } from '../../../functions/core/knowledge/index-store.js';
import { createKnowledgeEntries } from '../../../functions/core/knowledge/knowledge-entries.js';
import { applyKnowledgeChange } from '../../../functions/core/knowledge/apply-knowledge-change.js';
import { changeStamp } from '../../../functions/core/knowledge/knowledge-change.js';
import { rebuildChatbotIndex } from '../../../functions/core/knowledge/rebuild-index.js';
import { searchIndex } from '../../../functions/core/knowledge/search-index.js';
import { getS3Client } from '../../../functions/core/storage/s3-client.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, waitForCrawl } from '../../support/api-client.js';
import { userIdOf } from '../../support/subscriptions.js';

const { apiUrl, config, env } = inject('runtime');

/** Holds a rebuild inside its embedding step (after it read its sources) until released. */
function gatedEmbeddings() {
  let entered!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const provider: EmbeddingProvider = {
    model: 'gate-test',
    embed: async (texts) => {
      entered();
      await released;
      return texts.map((_, i) => Float32Array.from([1, i + 1, 2]));
    },
  };
  return { provider, reached, release };
}

/** Pauses the next index upload to this assistant after it is stored, before its rebuild goes on. */
function pauseNextIndexUpload(chatbotId: string) {
  let stored!: () => void;
  let release!: () => void;
  const uploaded = new Promise<void>((resolve) => (stored = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const client = getS3Client();
  const send = client.send.bind(client);
  let paused = false;
  vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    const result = await send(command as never);
    if (!paused && command instanceof PutObjectCommand && command.input.Key?.startsWith(`indexes/${chatbotId}/`)) {
      paused = true;
      stored();
      await released;
    }
    return result;
  }) as never);
  return { uploaded, release };
}

describe('concurrent rebuilds of one assistant index', () => {
  let site: FixtureSite;
  let userId: string;
  let chatbotId: string;

  const entry = (title: string, content: string) => ({ title, content, type: 'context' as const, chatbot_id: chatbotId });

  /** The live index as a chat would load it, fresh from storage. */
  async function liveIndex() {
    const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
    forgetLoadedIndexes();
    return { version: bot!.index_version!, index: await loadIndex(chatbotId, bot!.index_version!) };
  }

  const knows = (index: Awaited<ReturnType<typeof liveIndex>>['index'], question: string, fact: RegExp) =>
    searchIndex(index, question, 3).some((hit) => fact.test(hit.text));

  beforeAll(async () => {
    Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
    site = await startFixtureSite({ pages: 5, hangingPage: false });
    const owner = await signUpAndSignIn(config);
    userId = userIdOf(owner.idToken);
    const api = apiClient(apiUrl, owner.idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(api, chatbotId);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a rebuild that read older sources and finishes last does not replace the newer index', async () => {
    const older = gatedEmbeddings();
    const olderRun = rebuildChatbotIndex(chatbotId, { embeddings: older.provider });
    await older.reached;
    await createKnowledgeEntries(userId, [entry('Beehive tours', 'Rooftop beehive tours run every Saturday at 9 am.')]);
    const newer = await rebuildChatbotIndex(chatbotId, { embeddings: null });
    older.release();
    expect(await olderRun).toEqual({ skipped: 'superseded' });

    const live = await liveIndex();
    expect('version' in newer && newer.version).toBe(live.version);
    expect(knows(live.index, 'When do the rooftop beehive tours run?', /Saturday at 9 am/)).toBe(true);
  });

  it('a newer rebuild stored before an older one publishes keeps its index when it publishes after it', async () => {
    const older = gatedEmbeddings();
    const olderRun = rebuildChatbotIndex(chatbotId, { embeddings: older.provider });
    await older.reached;
    await createKnowledgeEntries(userId, [entry('Kayak rental', 'Kayak rental at the harbour costs 30 dollars per hour.')]);
    const pause = pauseNextIndexUpload(chatbotId);
    const newerRun = rebuildChatbotIndex(chatbotId, { embeddings: null });
    await pause.uploaded;
    // The older rebuild publishes and clears out old versions while the newer one waits to publish.
    older.release();
    await olderRun;
    pause.release();
    const newer = await newerRun;

    const live = await liveIndex();
    expect('version' in newer && newer.version).toBe(live.version);
    expect(await listIndexVersions(chatbotId)).toContain(live.version);
    expect(knows(live.index, 'How much does kayak rental cost?', /30 dollars per hour/)).toBe(true);
  });

  it('entries added at the same moment, their re-indexes running at once, all end up in the live index, which exists', async () => {
    const facts = ['canoe', 'sailing', 'rowing', 'surfing', 'paddleboard', 'snorkel'].map((sport, i) =>
      entry(`${sport} lessons`, `Our ${sport} lessons start at ${i + 7} o'clock on the pier.`),
    );
    // As reindex-knowledge runs them, here in this process: one worker per change, all at once.
    const changes = await Promise.all(
      facts.map(async (fact) => {
        await createKnowledgeEntries(userId, [fact]);
        return { userId, chatbotIds: [chatbotId], changedAt: changeStamp() };
      }),
    );
    await Promise.all(changes.map((change) => applyKnowledgeChange(change)));

    const live = await liveIndex();
    expect(await listIndexVersions(chatbotId)).toContain(live.version);
    for (const [i, fact] of facts.entries()) {
      expect(knows(live.index, `When do ${fact.title} start?`, new RegExp(`${i + 7} o'clock`))).toBe(true);
    }
  });
});
