import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelIntentOf } from '../../../functions/core/workflows/intent-model.js';
import { matchTriggers, prepareTriggers } from '../../../functions/core/workflows/triggers.js';
import type { StoredWorkflow } from '../../../functions/core/workflows/workflow-record.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';

const workflow = (id: string, trigger_type: StoredWorkflow['trigger_type'], trigger_conditions: unknown) =>
  ({ workflow_id: id, chatbot_id: 'bot', name: id, trigger_type, trigger_conditions, is_active: true, actions: [] }) as unknown as StoredWorkflow;

const withIntents = prepareTriggers([
  workflow('quote', 'keyword', { keywords: ['quote'] }),
  workflow('booking', 'intent', { intent: 'table booking', examples: ['book a table', 'is there a free table tonight'] }),
  workflow('complaint', 'intent', { intent: 'Complaint', examples: ['my order was wrong', 'the cake arrived damaged'] }),
]);
const keywordsOnly = prepareTriggers([workflow('quote', 'keyword', { keywords: ['quote'] })]);

/** What a chat turn triggers with the model's reading of the message (as chat-engine.ts does). */
async function triggered(message: string, workflows = withIntents): Promise<string[]> {
  const modelIntent = await modelIntentOf(workflows, message);
  return matchTriggers(workflows, { message, actions: [], modelIntent }).map((m) => `${m.workflow.workflow_id}:${m.matched}`);
}

describe('intent triggers with a model key (local fake of the OpenAI API)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  beforeEach(() => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    vi.stubEnv('OPENAI_BASE_URL', fake.baseURL);
    fake.chatRequests.length = 0;
  });
  afterEach(() => vi.unstubAllEnvs());

  it("follows the model's reading, shown the intents' names and examples and the message, in one call", async () => {
    fake.reply = { text: 'table booking' };
    // No word of an example: offline matching would not see the booking.
    expect(await triggered('Have you got room for four at eight?')).toEqual(['booking:table booking']);
    expect(fake.chatRequests).toHaveLength(1);
    const asked = JSON.stringify(fake.chatRequests[0]);
    for (const shown of ['table booking', 'is there a free table tonight', 'Complaint', 'the cake arrived damaged', 'Have you got room for four at eight?']) {
      expect(asked).toContain(shown);
    }
    // The name as the model says it, in any case or quoted: the owner's spelling is kept.
    fake.reply = { text: '"complaint".' };
    expect(await triggered('The icing had melted when it came')).toEqual(['complaint:Complaint']);
  });

  it('matches no intent when the model reads none, even one the offline matching would see; keywords still match', async () => {
    fake.reply = { text: 'NONE' };
    expect(await triggered('Can I book a table and get a quote?')).toEqual(['quote:quote']);
  });

  it('falls back to the offline meaning-based matching when the model fails or names no intent it was given', async () => {
    fake.reply = { status: 500 };
    expect(await triggered('Can I reserve a table for Friday?')).toEqual(['booking:table booking']);
    expect(await triggered('Have you got room for four at eight?')).toEqual([]);
    fake.reply = { text: 'catering' };
    expect(await triggered('Can I reserve a table for Friday?')).toEqual(['booking:table booking']);
  });

  it('makes no model call without intent workflows, or without a message', async () => {
    expect(await triggered('Can I get a quote?', keywordsOnly)).toEqual(['quote:quote']);
    expect(await modelIntentOf(withIntents, '  ')).toBeUndefined();
    expect(fake.chatRequests).toEqual([]);
  });

  it('makes no model call without a key: the offline matching decides', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    expect(await triggered('Can I reserve a table for Friday?')).toEqual(['booking:table booking']);
    expect(fake.chatRequests).toEqual([]);
  });
});
