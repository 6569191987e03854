import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_KNOWLEDGE_ENTRIES_PER_OWNER } from '../../../functions/contracts/knowledge.js';
import { createKnowledgeEntries, knowledgeEntryLimitMessage } from '../../../functions/core/knowledge/knowledge-entries.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { userIdOf } from '../../support/subscriptions.js';

const { apiUrl, config, env } = inject('runtime');

/** A small limit stands in for the real one: a thousand entries per test would be slow and prove nothing more. */
const LIMIT = 3;

describe('the limit of knowledge entries per owner', () => {
  let owner: ApiClient;
  let userId: string;
  const entry = (title: string) => ({ title, content: `${title}: baked daily.`, type: 'context' as const, chatbot_id: null });
  const titles = async () =>
    ((await owner.get('/knowledge')).body.entries as { title: string }[]).map((e) => e.title).sort();
  const refusal = (inputs: ReturnType<typeof entry>[]) =>
    createKnowledgeEntries(userId, inputs, { maxEntries: LIMIT }).then(
      () => undefined,
      (error: { statusCode?: number; message: string }) => ({ status: error.statusCode, message: error.message }),
    );

  beforeAll(async () => {
    Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
    const user = await signUpAndSignIn(config);
    owner = apiClient(apiUrl, user.idToken);
    userId = userIdOf(user.idToken);
  });

  it('says what the real limit is and what to do', () => {
    expect(MAX_KNOWLEDGE_ENTRIES_PER_OWNER).toBe(1_000);
    expect(knowledgeEntryLimitMessage(MAX_KNOWLEDGE_ENTRIES_PER_OWNER)).toBe(
      'You have reached the limit of 1,000 knowledge entries; delete some before adding more',
    );
  });

  it('refuses a batch that would pass the limit (403) and writes none of it', async () => {
    expect((await owner.post('/knowledge', entry('Rye'))).status).toBe(201);
    expect(await refusal([entry('Spelt'), entry('Scones'), entry('Bagels')])).toEqual({
      status: 403,
      message: 'Adding 3 entries would pass the limit of 3 knowledge entries (you have 1); delete some before adding more',
    });
    expect(await titles()).toEqual(['Rye']);
  });

  it('fills up to the limit, then refuses one more (403) and writes nothing', async () => {
    await createKnowledgeEntries(userId, [entry('Spelt'), entry('Scones')], { maxEntries: LIMIT });
    expect(await refusal([entry('Bagels')])).toEqual({ status: 403, message: knowledgeEntryLimitMessage(LIMIT) });
    expect(await titles()).toEqual(['Rye', 'Scones', 'Spelt']);
  });

  it('counts only the owner entries that exist: deleting one makes room again', async () => {
    const [first] = (await owner.get('/knowledge')).body.entries as { id: string }[];
    expect((await owner.delete(`/knowledge/${first!.id}`)).status).toBe(200);
    expect(await refusal([entry('Bagels')])).toBeUndefined();
    expect(await titles()).toHaveLength(LIMIT);
  });
});
