import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dashboardSocket } from '../support/dashboard-socket.js';
import { channelText } from '../../functions/core/chat/surface-text.js';
import { eventually } from '../support/eventually.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { credentialsOf, graphStandIn, hubSignatureOf, trainForChannels, whatsappTextPayload, type Platform, type StandInAccount } from '../support/graph-stand-in.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { untilMessagesCounted } from '../support/table-stream.js';

const runtime = inject('runtime');
const { apiUrl, config, env } = runtime;
const meta = graphStandIn(env);
const PLATFORMS = ['whatsapp', 'messenger', 'instagram'] as const;

const sign = hubSignatureOf;
const postWebhook = (url: string, body: string, signature?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) }, body });

const storedEvent = (connectionId: string, eventId: string) =>
  withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    return (await db().entities.channelEvent.get({ connection_id: connectionId, event_id: eventId }).go()).data;
  });
const sentRecord = (connectionId: string, externalId: string) =>
  withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    return (await db().entities.channelMessage.get({ connection_id: connectionId, external_id: externalId }).go()).data;
  });

describe("Meta's webhooks: handshake, signatures, answers through the Graph API", () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 30);
  const channels = {} as Record<Platform, { account: StandInAccount; webhookUrl: string; verifyToken: string; connectionId: string }>;

  beforeAll(async () => {
    await trainForChannels(assistant.owner, assistant.chatbotId);
    for (const platform of PLATFORMS) {
      const account = await meta.newAccount(platform, `Harbor ${platform}`);
      const res = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/channels/${platform}`, { credentials: credentialsOf(account) });
      if (res.status !== 200) throw new Error(`connecting ${platform} answered ${res.status}: ${JSON.stringify(res.body)}`);
      const { webhook_url: webhookUrl, verify_token: verifyToken } = res.body.channel;
      channels[platform] = { account, webhookUrl, verifyToken, connectionId: webhookUrl.split('/').pop() };
    }
  }, 120_000);

  it('the verification handshake echoes the challenge for the right verify token only', async () => {
    const { webhookUrl, verifyToken } = channels.whatsapp;
    const handshake = (query: Record<string, string>) => fetch(`${webhookUrl}?${new URLSearchParams(query)}`);
    const right = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' });
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('1158201444');
    expect((await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '1' })).status).toBe(403);
    expect((await handshake({ 'hub.verify_token': verifyToken, 'hub.challenge': '1' })).status).toBe(400);
    // Another platform's address, or one that names no channel.
    expect((await fetch(`${webhookUrl.replace('/whatsapp/', '/messenger/')}?hub.mode=subscribe&hub.challenge=1`)).status).toBe(404);
    expect((await fetch(`${apiUrl}/webhooks/whatsapp/00000000-0000-4000-8000-000000000000?hub.mode=subscribe&hub.challenge=1`)).status).toBe(404);

    // Meta's "Verify and save" (the stand-in does what Meta does) for each channel.
    for (const platform of PLATFORMS) {
      const { account, webhookUrl: url, verifyToken: token } = channels[platform];
      expect(await meta.subscribe(account.account_id, url, token)).toMatchObject({ verified: true });
    }
  });

  it.each(PLATFORMS)('%s: the answer arrives as plain text, its page as Title: URL, with no markdown', async (platform) => {
    const { account } = channels[platform];
    const customer = platform === 'whatsapp' ? '447700900177' : `2${platform === 'messenger' ? '1' : '2'}00000000000077`;
    await meta.customerWrites(account.account_id, { from: customer, name: 'Robin Plain', text: 'How far ahead should I order a birthday cake?' });
    const [sent] = await meta.awaitSentTo(account.account_id, customer, 1);
    expect(sent!.text).toMatch(/Five days for most cakes/);
    expect(sent!.text).not.toMatch(/\]\(|\*\*|^#|`/m);
    expect(sent!.text).toMatch(new RegExp(`\\n[^\\n:]+: ${assistant.site.url.replace(/[.]/g, '\\.')}/\\S+$`));
  });

  it.each(PLATFORMS)('%s: a customer message goes through the engine into the inbox, and the answer out in the platform’s send shape', async (platform) => {
    const { account } = channels[platform];
    const customer = platform === 'whatsapp' ? '447700900123' : `2${platform === 'messenger' ? '1' : '2'}00000000000042`;
    const delivered = await meta.customerWrites(account.account_id, { from: customer, name: 'Kerry Fisher', text: 'When do you open on Saturdays?' });
    expect(delivered.webhook_status).toBe(200);

    const [sent] = await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length > 0, `the ${platform} answer`);
    const expectedBody = {
      whatsapp: { messaging_product: 'whatsapp', recipient_type: 'individual', to: customer, type: 'text', text: { preview_url: false, body: sent!.text } },
      messenger: { recipient: { id: customer }, messaging_type: 'RESPONSE', message: { text: sent!.text } },
      instagram: { recipient: { id: customer }, message: { text: sent!.text } },
    }[platform];
    expect(sent!.body).toEqual(expectedBody);
    expect(sent!.text.length).toBeGreaterThan(0);

    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    const conversation = conversations.find((c: { contact_id: string }) => c.contact_id === `${platform}:${customer}`);
    expect(conversation).toMatchObject({ channel: platform, contact_name: 'Kerry Fisher' });
    if (platform === 'whatsapp') expect(conversation.contact_phone).toBe(`+${customer}`);
    // The analytics count the conversations on their channel (from the table's stream, off the turn).
    await untilMessagesCounted(runtime.env, assistant.chatbotId);
    const { body: figures } = await assistant.owner.get(`/chatbots/${assistant.chatbotId}/analytics?timeRange=7d`);
    const onChannel = conversations.filter((c: { channel: string }) => c.channel === platform).length;
    expect(figures.channelBreakdown.find((c: { channel: string }) => c.channel === platform)).toEqual({ channel: platform, conversations: onChannel });
    expect(onChannel).toBeGreaterThan(0);
    const { messages } = (await assistant.owner.get(`/conversations/${conversation.id}`)).body;
    expect(messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([
      ['user', 'When do you open on Saturdays?'],
      ['assistant', expect.any(String)],
    ]);
    // The inbox keeps the answer as the engine wrote it; the customer got it as their app shows text.
    expect(sent!.text).toBe(channelText(messages[1].content, platform));

    // Meta reports the answer delivered, then read once the customer sees it; both are stored.
    const { connectionId } = channels[platform];
    if (platform !== 'instagram') await eventually(() => sentRecord(connectionId, sent!.id), (r) => Boolean(r?.delivered_at), 'the delivered status');
    if (platform !== 'messenger') {
      await meta.conversation(account.account_id, customer);
      await eventually(() => sentRecord(connectionId, sent!.id), (r) => Boolean(r?.read_at), 'the read status');
    }
  });

  it('a new WhatsApp conversation is found in the inbox by the customer’s number as the inbox shows it', async () => {
    const { account } = channels.whatsapp;
    const customer = '447700900777';
    await meta.customerWrites(account.account_id, { from: customer, name: 'Pat Number', text: 'Do you deliver wedding cakes?' });
    await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length > 0, 'the WhatsApp answer');

    const search = async (q: string) =>
      (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}&q=${encodeURIComponent(q)}`)).body.conversations as {
        contact_id: string;
        contact_phone: string | null;
      }[];
    const found = await search(`+${customer}`);
    expect(found.map((c) => c.contact_id)).toEqual([`whatsapp:${customer}`]);
    expect(found[0]!.contact_phone).toBe(`+${customer}`);
    // Typed as people write numbers, with spaces, dashes or brackets: the same conversation.
    for (const typed of ['+44 7700 900777', '44-7700-900-777', '(44) 7700 900 777', '7700 900777']) {
      expect((await search(typed)).map((c) => c.contact_id), typed).toEqual([`whatsapp:${customer}`]);
    }
    expect(await search('+447700900778')).toEqual([]);
    expect(await search('+44 7700 900778')).toEqual([]);
  });

  it('a customer’s WhatsApp message updates the owner’s open inbox live, the assistant’s answer already in it', async () => {
    const { account } = channels.whatsapp;
    const customer = '447700900888';
    const live = await dashboardSocket(runtime, assistant.ownerIdToken);
    try {
      await meta.customerWrites(account.account_id, { from: customer, name: 'Lee Live', text: 'Do you sell sourdough?' });
      const { conversations } = await eventually(
        async () => (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}&q=${customer}`)).body,
        (body) => body.conversations.length > 0,
        'the customer’s conversation',
      );
      const conversationId: string = conversations[0].id;
      const update = await live.first((m) => m.conversation_id === conversationId);
      expect(update).toEqual({ type: 'inbox', chatbot_id: assistant.chatbotId, conversation_id: conversationId });
      // The dashboard reloads the conversation on the update: the answer is there by then.
      const { messages } = (await assistant.owner.get(`/conversations/${conversationId}`)).body;
      expect(messages.map((m: { sender_type: string }) => m.sender_type)).toEqual(['user', 'assistant']);
    } finally {
      live.socket.close();
    }
  });

  it('a bad or missing signature is refused and nothing is stored; Meta’s duplicate delivery is answered once', async () => {
    const { account, webhookUrl, connectionId } = channels.whatsapp;
    const customer = '447700900555';
    const payload = (id: string, text: string) => whatsappTextPayload(account.account_id, { from: customer, name: 'Sam Duplicate', id, text });

    const forged = payload('wamid.forged', 'Do you sell rye bread?');
    expect((await postWebhook(webhookUrl, forged)).status).toBe(401);
    expect((await postWebhook(webhookUrl, forged, sign(forged, 'not-the-app-secret'))).status).toBe(401);
    // Signed right, then changed: the signature covers the exact bytes.
    const tampered = forged.replace('rye', 'RYE');
    expect((await postWebhook(webhookUrl, tampered, sign(forged, account.app_secret))).status).toBe(401);

    const first = payload('wamid.first-of-two', 'Do you sell rye bread?');
    const firstSignature = sign(first, account.app_secret);
    const acks = await Promise.all([postWebhook(webhookUrl, first, firstSignature), postWebhook(webhookUrl, first, firstSignature)]);
    expect(acks.map((r) => r.status)).toEqual([200, 200]);
    expect(await acks[0]!.text()).toBe('EVENT_RECEIVED');
    await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length >= 1, 'the first answer');
    // A later message and its answer: by then the duplicate has long been taken or dropped.
    const second = payload('wamid.second', 'And croissants?');
    expect((await postWebhook(webhookUrl, second, sign(second, account.app_secret))).status).toBe(200);
    await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length >= 2, 'the second answer');
    // Meta retries once more later: still no new answer.
    expect((await postWebhook(webhookUrl, first, firstSignature)).status).toBe(200);
    const third = payload('wamid.third', 'Thanks!');
    expect((await postWebhook(webhookUrl, third, sign(third, account.app_secret))).status).toBe(200);
    const answers = await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length >= 3, 'the third answer');
    expect(answers).toHaveLength(3);

    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    const conversation = conversations.find((c: { contact_id: string }) => c.contact_id === `whatsapp:${customer}`);
    const { messages } = (await assistant.owner.get(`/conversations/${conversation.id}`)).body;
    expect(messages.filter((m: { sender_type: string }) => m.sender_type === 'user').map((m: { content: string }) => m.content)).toEqual([
      'Do you sell rye bread?',
      'And croissants?',
      'Thanks!',
    ]);
    expect(await storedEvent(connectionId, 'wamid.forged')).toBeNull();
  });

  it.each(PLATFORMS)('%s: a signed body nested 20,000 levels deep is refused with 400, nothing taken from it, and the same message unnested is answered once', async (platform) => {
    const { account, webhookUrl, verifyToken } = channels[platform];
    await meta.subscribe(account.account_id, webhookUrl, verifyToken);
    const [shapeCustomer, customer] = platform === 'whatsapp' ? ['447700900301', '447700900302'] : [`3${PLATFORMS.indexOf(platform)}00000000000301`, `3${PLATFORMS.indexOf(platform)}00000000000302`];
    // The platform's own shape, from a delivery of the stand-in, made into a new customer's new message.
    const shape = await meta.customerWrites(account.account_id, { from: shapeCustomer, name: 'Shape Sender', text: 'Hello there' });
    const messageId = `${shape.message_id}-deep`;
    const payload = JSON.parse(JSON.stringify(shape.payload).replaceAll(shapeCustomer, customer).replaceAll(shape.message_id, messageId));
    const plain = JSON.stringify(payload);
    const deep = `${plain.slice(0, -1)},"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;

    const refused = await postWebhook(webhookUrl, deep, sign(deep, account.app_secret));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/nested more than 64 levels/);
    // Had anything of it been kept (the message id as seen), Meta's delivery of the same message would go unanswered.
    const accepted = await postWebhook(webhookUrl, plain, sign(plain, account.app_secret));
    expect(accepted.status).toBe(200);
    const answers = await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length > 0, 'the answer');
    expect(answers).toHaveLength(1);
    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    const conversation = conversations.find((c: { contact_id: string }) => c.contact_id === `${platform}:${customer}`);
    const { messages } = (await assistant.owner.get(`/conversations/${conversation.id}`)).body;
    expect(messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([
      ['user', 'Hello there'],
      ['assistant', expect.any(String)],
    ]);
    expect(answers[0]!.text).toBe(channelText(messages[1].content, platform));
  });

  it('an owner’s inbox reply reaches the customer through the Graph API, within the 24-hour window only', async () => {
    const { account } = channels.messenger;
    const customer = '2100000000000077';
    await meta.customerWrites(account.account_id, { from: customer, name: 'Robin Reply', text: 'Can I order a birthday cake?' });
    await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length === 1, 'the assistant’s answer');
    const { conversations } = (await assistant.owner.get(`/conversations?chatbotId=${assistant.chatbotId}`)).body;
    const conversation = conversations.find((c: { contact_id: string }) => c.contact_id === `messenger:${customer}`);

    const reply = await assistant.owner.post(`/conversations/${conversation.id}/messages`, { content: 'Yes! Which day do you need it?' });
    expect(reply.status).toBe(201);
    const sent = await meta.sentTo(account.account_id, customer);
    expect(sent.map((m) => m.body)).toContainEqual({
      recipient: { id: customer },
      messaging_type: 'RESPONSE',
      message: { text: 'Yes! Which day do you need it?' },
    });

    // The customer last wrote 25 hours ago: the platform's window is closed, the reply neither sent nor stored.
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      const dayAndAnHourAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
      await db().entities.visitor.patch({ chatbot_id: assistant.chatbotId, contact_id: `messenger:${customer}` }).set({ last_message_at: dayAndAnHourAgo }).go();
    });
    const late = await assistant.owner.post(`/conversations/${conversation.id}/messages`, { content: 'Are you still there?' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("Messenger allows replies only within 24 hours of the customer's last message. Wait for the customer to write again.");
    expect((await meta.sentTo(account.account_id, customer)).map((m) => m.text)).not.toContain('Are you still there?');
    const { messages } = (await assistant.owner.get(`/conversations/${conversation.id}`)).body;
    expect(messages.map((m: { content: string }) => m.content)).not.toContain('Are you still there?');
  });
  it.each(PLATFORMS)('%s: the customer’s message is marked read (WhatsApp) or seen with the typing indicator (Messenger, Instagram) before the answer', async (platform) => {
    const { account } = channels[platform];
    const customer = platform === 'whatsapp' ? '447700900321' : `2${platform === 'messenger' ? '1' : '2'}00000000000321`;
    const written = await meta.customerWrites(account.account_id, { from: customer, name: 'Sky Seen', text: 'Do you bake rye bread?' });
    const [answer] = await eventually(() => meta.sentTo(account.account_id, customer), (list) => list.length > 0, `the ${platform} answer`);
    const actions = await meta.actionsTo(account.account_id, customer);
    if (platform === 'whatsapp') {
      expect(actions.map((a) => a.body)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: written.message_id }]);
      // The customer's page shows their message read.
      const { data } = (await meta.conversation(account.account_id, customer)) as { data: { from: string; read?: boolean }[] };
      expect(data.find((m) => m.from === 'customer')).toMatchObject({ read: true });
    } else {
      expect(actions.map((a) => a.body)).toEqual([
        { recipient: { id: customer }, sender_action: 'mark_seen' },
        { recipient: { id: customer }, sender_action: 'typing_on' },
      ]);
    }
    // Before the answer went out, in the order Meta received the calls.
    expect(actions.every((a) => a.seq < answer!.seq)).toBe(true);
  });
});
