import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient } from '../../support/api-client.js';
import { assistantFromFixtureSite, useAssistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { chatVisitor, contactIdOf, newSourceAddress } from '../../support/visitor.js';
import { visitorAwayFor } from '../../support/visitor-away.js';

const { apiUrl, config, env } = inject('runtime');

/** Every stored message of one contact of an assistant, over all their conversations: [sender, text]. */
async function transcriptOfContact(chatbotId: string, contactId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const { data: conversations } = await db().entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: contactId }).go();
    const transcripts = await Promise.all(
      conversations.map(async (c) => (await db().entities.message.query.byConversation({ conversation_id: c.conversation_id }).go()).data),
    );
    return transcripts.flat().map((m) => [m.sender_type, m.content]);
  });
}

/** A token signed with `key` (the server's or not) saying whatever the attacker wants. */
const signedToken = (claims: { aud: string; sub: string; exp?: number }, key: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('assistly:visitor')
    .setAudience(claims.aud)
    .setSubject(claims.sub)
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(key));

describe('probe: a conversation opens only to its visitor (signed visitor tokens)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config);

  it("a guessed contact id ('training-session', 'demo_<ms>', 'test_<ms>') opens nobody's conversation", async () => {
    const visitor = chatVisitor(apiUrl, fixture.chatbotId);
    const victim = await visitor.ask('Do you have gluten-free products?');
    const victimContact = contactIdOf(victim.body.visitorToken);
    expect(victimContact).toMatch(/^v_[A-Za-z0-9_-]{22}$/);
    const training = await fixture.owner.post(`/chatbots/${fixture.chatbotId}/chat`, { message: 'Are your products vegan?', session: 'training' });
    expect(training.status).toBe(200);

    for (const contactId of ['training-session', `demo_${Date.now()}`, `test_${Date.now()}`, victimContact]) {
      const stranger = await fetch(`${apiUrl}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newSourceAddress() },
        body: JSON.stringify({ message: 'What did we talk about?', chatbotId: fixture.chatbotId, contactId }),
      });
      const body = await stranger.json();
      // The client's contact id is not part of the contract: the stranger is a new visitor of their own.
      expect(stranger.status).toBe(200);
      expect(body.conversationId).not.toBe(victim.body.conversationId);
      expect(body.conversationId).not.toBe(training.body.conversationId);
      expect(contactIdOf(body.visitorToken)).not.toBe(contactId);
    }
    expect(await transcriptOfContact(fixture.chatbotId, victimContact)).toEqual([
      ['user', 'Do you have gluten-free products?'],
      ['assistant', victim.body.message],
    ]);
  });

  it('forged, tampered, foreign and expired tokens get 401 and store nothing', async () => {
    const visitor = chatVisitor(apiUrl, fixture.chatbotId);
    const first = await visitor.ask('Do you have gluten-free products?');
    const token: string = first.body.visitorToken;
    const contactId = contactIdOf(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherBot = await assistantFromFixtureSite(apiUrl, config, 3);
    const otherBotVisitor = await chatVisitor(apiUrl, otherBot.chatbotId).ask('Hello');
    await otherBot.site.stop();

    const attempts = {
      'signed with another key': await signedToken({ aud: fixture.chatbotId, sub: contactId }, 'x'.repeat(48)),
      'another subject, original signature': [
        header,
        Buffer.from(JSON.stringify({ ...claims, sub: 'v_someone-else' })).toString('base64url'),
        signature,
      ].join('.'),
      'unsigned (alg none)': [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        payload,
        '',
      ].join('.'),
      "another assistant's token": otherBotVisitor.body.visitorToken,
      expired: await signedToken({ aud: fixture.chatbotId, sub: contactId, exp: Math.floor(Date.now() / 1000) - 60 }, env.VISITOR_TOKEN_SECRET!),
      garbage: 'not-a-token',
    };
    for (const [attempt, visitorToken] of Object.entries(attempts)) {
      const res = await chatVisitor(apiUrl, fixture.chatbotId, { visitorToken }).ask('Tell me what I asked before');
      expect({ attempt, status: res.status }).toEqual({ attempt, status: 401 });
      expect(res.body.error).toMatch(/expired or is not yours/);
    }
    expect(await transcriptOfContact(fixture.chatbotId, contactId)).toHaveLength(2);
    // The real token still works and continues the conversation.
    const second = await visitor.ask('Are your products vegan?');
    expect(second.body.conversationId).toBe(first.body.conversationId);
  });

  it("the owner's test chat and Training studio are the owner's alone (another owner gets 404, nothing stored)", async () => {
    const mine = await fixture.owner.post(`/chatbots/${fixture.chatbotId}/chat`, { message: 'Do you bake sourdough?', session: 'test_probe' });
    expect(mine.status).toBe(200);
    const again = await fixture.owner.post(`/chatbots/${fixture.chatbotId}/chat`, { message: 'And rye bread?', session: 'test_probe' });
    expect(again.body.conversationId).toBe(mine.body.conversationId);

    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    for (const session of ['test_probe', 'training']) {
      const res = await stranger.post(`/chatbots/${fixture.chatbotId}/chat`, { message: 'What did the owner ask?', session });
      expect(res.status).toBe(404);
    }
    const noToken = await fetch(`${apiUrl}/chatbots/${fixture.chatbotId}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hi', session: 'training' }),
    });
    expect(noToken.status).toBe(401);
    const bad = await fixture.owner.post(`/chatbots/${fixture.chatbotId}/chat`, { message: 'Hi', session: '../training' });
    expect(bad.status).toBe(400);
  });
});

describe('probe: abuse limits protect the business, not the attacker', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 3);

  it("a flood from one address, rotating contact ids and tokens, is refused while another address's visitor gets answers", async () => {
    const attacker = newSourceAddress();
    // Every request a new visitor (no token) plus a made-up contact id: 100 at 10 at a time.
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(`${apiUrl}/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
            body: JSON.stringify({ message: `Hello ${round}-${i}`, chatbotId: fixture.chatbotId, contactId: `rotating_${round}_${i}` }),
          });
          if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          return res.status;
        }),
      );
      statuses.push(...replies);
    }
    const accepted = statuses.filter((s) => s === 200).length;
    // 20 a minute per address; the flood may straddle a minute boundary (one more window).
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - accepted);

    // An attacker on an IPv6 network rotating addresses inside its /64 counts as one source.
    const v6 = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        chatVisitor(apiUrl, fixture.chatbotId, { source: `2001:db8:5:7:${(i + 1).toString(16)}::1` }).ask('Hello from v6'),
      ),
    );
    expect(v6.filter((r) => r.status === 200).length).toBeLessThanOrEqual(40);
    expect(v6.some((r) => r.status === 429)).toBe(true);

    const customer = chatVisitor(apiUrl, fixture.chatbotId);
    for (const question of ['Do you have gluten-free products?', 'Are your products vegan?']) {
      const res = await customer.ask(question);
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('50 visitors sending 5 messages at once each end with exactly one conversation', async () => {
    // Tokens as the server issues them, for visitors with no conversation yet: all five race to start it.
    const visitors = await withRuntimeEnv(env, async () => {
      const { issueVisitorToken, newContactId } = await import('../../../functions/core/chat/visitor-token.js');
      return Promise.all(
        Array.from({ length: 50 }, async () => {
          const contactId = newContactId();
          return { contactId, visitor: chatVisitor(apiUrl, fixture.chatbotId, { visitorToken: await issueVisitorToken({ chatbotId: fixture.chatbotId, contactId }) }) };
        }),
      );
    });
    // In waves of 5 visitors (25 requests in flight): each visitor's five still race each other, and a
    // loaded test machine's DynamoDB Local answers within the client's timeout (50 in flight gave 503s).
    const replies = [];
    for (let wave = 0; wave < visitors.length; wave += 5) {
      const inFlight = visitors
        .slice(wave, wave + 5)
        .flatMap(({ visitor }) => Array.from({ length: 5 }, (_, i) => visitor.ask(`Message ${i}: are your products vegan?`)));
      replies.push(...(await Promise.all(inFlight)));
    }
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    const counts = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../../functions/core/data/db.js');
      return Promise.all(
        visitors.map(async ({ contactId }) => {
          const { data } = await db().entities.conversation.query.byContact({ chatbot_id: fixture.chatbotId, contact_id: contactId }).go();
          const messages = data[0]
            ? (await db().entities.message.query.byConversation({ conversation_id: data[0].conversation_id }).go()).data.length
            : 0;
          return { conversations: data.length, messages };
        }),
      );
    });
    expect(counts.filter((c) => c.conversations !== 1)).toEqual([]);
    expect(counts.every((c) => c.messages === 10)).toBe(true);
  }, 180_000);

  it('after the conversation timeout, concurrent messages start one new conversation, not several', async () => {
    const visitor = chatVisitor(apiUrl, fixture.chatbotId);
    const first = await visitor.ask('Do you have gluten-free products?');
    await visitorAwayFor(env, first.body.conversationId, 120);
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => visitor.ask(`Back again ${i}`)));
    const ids = new Set(replies.map((r) => r.body.conversationId));
    expect(ids.size).toBe(1);
    expect(ids.has(first.body.conversationId)).toBe(false);
  });
});
