import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';

const { apiUrl, config, env } = inject('runtime');

/** The Training studio's live chat, as the dashboard calls it: the owner's own route. */
async function askInTraining(owner: ApiClient, chatbotId: string, message: string) {
  const res = await owner.post(`/chatbots/${chatbotId}/chat`, { message, session: 'training', contactName: 'Training User' });
  expect(res.status).toBe(200);
  return res.body as { message: string };
}

type Part = { signal: string; points: number };

async function quality(owner: ApiClient, chatbotId: string) {
  const { body } = await owner.get(`/chatbots/${chatbotId}`);
  const parts: Part[] = body.chatbot.training_breakdown;
  return { total: body.chatbot.training_quality as number, ratings: parts.find((p) => p.signal === 'ratings')!.points };
}

async function storedRecordCount(chatbotId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data } = await db().entities.trainingRecord.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
    return data.length;
  });
}

describe('Training studio records', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  let records: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 12, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    records = `/chatbots/${chatbotId}/training-records`;
    await waitForCrawl(owner, chatbotId);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('ratings feed training_quality: ten top ratings add the full 5 points, low ones take them back', async () => {
    const before = await quality(owner, chatbotId);
    expect(before.ratings).toBe(0);
    for (let i = 0; i < 10; i++) {
      const rated = await owner.post(records, { user_message: `Question ${i}`, ai_response: `Answer ${i}`, score: 100 });
      expect(rated.status).toBe(201);
    }
    const rated = await quality(owner, chatbotId);
    expect(rated.ratings).toBe(5);
    expect(rated.total).toBe(before.total + 5);

    // Ten more at 20: the mean falls to 60, so 3 points.
    for (let i = 0; i < 10; i++) await owner.post(records, { user_message: `Weak ${i}`, ai_response: `Meh ${i}`, score: 20 });
    expect((await quality(owner, chatbotId)).ratings).toBe(3);
  });

  it('stores a rated reply and lists records newest first', async () => {
    const first = await owner.post(records, { user_message: 'Do you bake sourdough?', ai_response: 'Yes.', score: 85 });
    expect(first.status).toBe(201);
    expect(first.body.record).toMatchObject({
      chatbot_id: chatbotId,
      scenario: 'Interactive Training',
      user_message: 'Do you bake sourdough?',
      ai_response: 'Yes.',
      score: 85,
      feedback: null,
      corrected_response: null,
    });
    const second = await owner.post(records, { user_message: 'Any vegan cakes?', ai_response: 'Maybe.', score: 60, feedback: 'Vague' });
    expect(second.body.record.feedback).toBe('Vague');

    const { status, body } = await owner.get(records);
    expect(status).toBe(200);
    expect(body.records.slice(0, 2).map((r: { id: string }) => r.id)).toEqual([second.body.record.id, first.body.record.id]);
    expect(body.records).toHaveLength(22);
  });

  it('a correction written in the Corrections tab is stored and the chat engine answers with it', async () => {
    const question = 'What is the secret ingredient of your rye loaf?';
    const reply = await askInTraining(owner, chatbotId, question);
    const rated = await owner.post(records, { user_message: question, ai_response: reply.message, score: 20 });
    const better = 'Our rye loaf gets its depth from a 48-hour cold-fermented caraway starter.';

    const corrected = await owner.patch(`${records}/${rated.body.record.id}`, { corrected_response: `  ${better}  ` });
    expect(corrected.status).toBe(200);
    expect(corrected.body.record).toMatchObject({ id: rated.body.record.id, score: 20, corrected_response: better });
    expect(corrected.body.correction).toMatchObject({
      original_message: question,
      original_response: reply.message,
      corrected_response: better,
      context_used: 'Training Session',
    });

    expect((await askInTraining(owner, chatbotId, question)).message).toBe(better);
    const listed = (await owner.get(records)).body.records.find((r: { id: string }) => r.id === rated.body.record.id);
    expect(listed.corrected_response).toBe(better);
  });

  it('an Edit & Correct of a rated reply in the Interactive tab is labelled a live correction', async () => {
    const rated = await owner.post(records, { user_message: 'Do you sell gift cards?', ai_response: 'No idea.', score: 60 });
    const corrected = await owner.patch(`${records}/${rated.body.record.id}`, {
      corrected_response: 'Yes, gift cards from 10 to 100 pounds, in the shop.',
      source: 'interactive',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.correction.context_used).toBe('Live Training Correction');
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const count = await storedRecordCount(chatbotId);
    const good = { user_message: 'Hi', ai_response: 'Hello', score: 20 };
    const cases = [
      [{ ...good, score: 50 }, /Score must be one of 20, 60, 85 or 100/],
      [{ ...good, score: '20' }, /Score must be one of 20, 60, 85 or 100/],
      [{ ...good, user_message: '   ' }, /user_message/],
      [{ user_message: 'Hi', score: 20 }, /ai_response/],
      [{ ...good, ai_response: 'x'.repeat(10_001) }, /at most 10,000 characters/],
    ] as const;
    for (const [body, message] of cases) {
      const res = await owner.post(records, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await storedRecordCount(chatbotId)).toBe(count);

    const { body } = await owner.get(records);
    const id = body.records[0].id;
    const blank = await owner.patch(`${records}/${id}`, { corrected_response: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/Please enter a response/);
    expect((await owner.patch(`${records}/${id}`, { corrected_response: 'Fine', source: 'elsewhere' })).status).toBe(400);
    expect((await owner.patch(`${records}/no-such-record`, { corrected_response: 'Fine' })).status).toBe(404);
    expect((await owner.get(records)).body.records[0].corrected_response).toBe(body.records[0].corrected_response);
  });

  it('correcting a record deleted meanwhile (its assistant being deleted) answers 404 and stores no correction', async () => {
    const rated = await owner.post(records, { user_message: 'Do you deliver?', ai_response: 'Perhaps.', score: 20 });
    const recordId: string = rated.body.record.id;
    const orphan = 'Yes, within 5 miles, on Saturdays.';
    const outcome = await withRuntimeEnv(env, async () => {
      const { getDocumentClient } = await import('../../functions/core/data/client.js');
      const { db } = await import('../../functions/core/data/db.js');
      const { correctTrainingRecord } = await import('../../functions/core/training/training-records.js');
      const client = getDocumentClient();
      // The deletion lands just before the correction's write to the record, whatever was read before it.
      let deleted = false;
      client.middlewareStack.add(
        (next) => async (args) => {
          const input = args.input as { UpdateExpression?: string; Key?: unknown };
          if (!deleted && input.UpdateExpression && JSON.stringify(input.Key).includes(recordId)) {
            deleted = true;
            await db().entities.trainingRecord.delete({ chatbot_id: chatbotId, record_id: recordId }).go();
          }
          return next(args);
        },
        { step: 'initialize', name: 'deleteRecordFirst' },
      );
      try {
        return await correctTrainingRecord('owner', chatbotId, recordId, { corrected_response: orphan, source: 'corrections' }).then(
          () => ({ statusCode: 200 }),
          (error: { statusCode?: number; message: string }) => ({ statusCode: error.statusCode, message: error.message }),
        );
      } finally {
        client.middlewareStack.remove('deleteRecordFirst');
      }
    });
    expect(outcome).toEqual({ statusCode: 404, message: 'Training record not found' });
    const corrections = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      return (await db().entities.correction.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' })).data;
    });
    expect(corrections.map((c) => c.corrected_response)).not.toContain(orphan);
  });

  it("another owner gets 404 for every route and changes nothing", async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const { body } = await owner.get(records);
    const record = body.records[0];
    expect((await stranger.get(records)).status).toBe(404);
    expect((await stranger.post(records, { user_message: 'Hi', ai_response: 'Hello', score: 100 })).status).toBe(404);
    const patched = await stranger.patch(`${records}/${record.id}`, { corrected_response: 'Hijacked' });
    expect(patched.status).toBe(404);
    const after = (await owner.get(records)).body.records;
    expect(after).toHaveLength(body.records.length);
    expect(after[0].corrected_response).toBe(record.corrected_response);
  });

  it('deleting the assistant deletes its training records', async () => {
    expect(await storedRecordCount(chatbotId)).toBeGreaterThan(0);
    expect((await owner.delete(`/chatbots/${chatbotId}`)).status).toBe(200);
    expect(await storedRecordCount(chatbotId)).toBe(0);
    expect((await owner.get(records)).status).toBe(404);
  });
});
