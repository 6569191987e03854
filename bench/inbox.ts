/**
 * Inbox figures (issue 11), on the local runtime (`npm run bench:inbox`):
 * - `inbox list 10000 conversations p50` (GET /conversations, the first page, for an owner with 10,000
 *   conversations; budget 150 ms);
 * - `inbox search 10000 conversations p50` (GET /conversations?q= a customer name one conversation in
 *   100 has; budget 300 ms);
 * - `owner reply to widget p50` (from the reply's created_at, the clock of send-owner-reply as it begins,
 *   to the visitor's widget socket receiving it; budget 100 ms), the owner having a picture (carried on each reply).
 * Figures only: nothing here fails on a budget.
 */
import './silent-logs.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { DEFAULT_TRANSFER_SETTINGS } from '../functions/contracts/transfers.js';
import { db } from '../functions/core/data/db.js';
import { searchTextOf } from '../functions/core/inbox/search-text.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../local/sample-site.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../test/support/api-client.js';
import { chatVisitor } from '../test/support/visitor.js';
import { median } from './cold-start.js';

const CONVERSATIONS = 10_000;
const RUNS = 20;
const WARM_UPS = 3;
const FIRST_NAMES = ['Amara', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon'];
const QUESTIONS = ['Do you deliver?', 'Are you open on Sunday?', 'Do you bake rye bread?', 'Can I order a cake?', 'Where can I park?'];
/** One conversation in 100 is this customer's: the search reads past 99 others for each match. */
const SEARCHED = 'Lena Park';

/** 10,000 website conversations of one assistant, as the chat engine stores them, their last activity a minute apart. */
async function seedConversations(chatbotId: string, ownerId: string): Promise<void> {
  const now = Date.now();
  const conversations = Array.from({ length: CONVERSATIONS }, (_, i) => {
    const at = new Date(now - i * 60_000).toISOString();
    const details = {
      contact_id: `v_bench_${i}`,
      contact_name: 'Website Visitor',
      customer_name: i % 100 === 42 ? SEARCHED : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i}`,
      customer_phone: `07700 9${String(i).padStart(5, '0')}`,
      reason_for_enquiry: QUESTIONS[i % QUESTIONS.length],
    };
    return {
      conversation_id: randomUUID(),
      chatbot_id: chatbotId,
      user_id: ownerId,
      channel: 'website' as const,
      status: 'active',
      ...details,
      search_text: searchTextOf(details),
      unread_count: i % 3,
      last_message_at: at,
      created_at: at,
    };
  });
  await db().entities.conversation.put(conversations).go({ concurrency: 8 });
}

/** Median of RUNS timed GETs after WARM_UPS untimed ones; `check` refuses a wrong answer. */
async function timedGets(owner: ApiClient, path: string, check: (body: { conversations: unknown[] }) => void): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < WARM_UPS + RUNS; run++) {
    const started = performance.now();
    const res = await owner.get(path);
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    check(res.body);
    if (run >= WARM_UPS) times.push(ms);
  }
  return median(times);
}

/** `owner reply to widget p50`: RUNS replies to a visitor whose widget socket is open. */
async function benchReplyToWidget(apiUrl: string, realtimeUrl: string, owner: ApiClient, chatbotId: string): Promise<number> {
  const visitor = chatVisitor(apiUrl, chatbotId);
  const asked = await visitor.ask('Can I speak to a human please?');
  if (asked.status !== 200) throw new Error(`The visitor's message answered ${asked.status}`);
  const conversationId = asked.body.conversationId as string;
  const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(visitor.visitorToken!)}`);
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; content?: string; created_at?: string };
    if (message.type !== 'reply' || !message.content) return;
    arrivals.set(message.content, Date.now() - Date.parse(message.created_at ?? ''));
    waiting.get(message.content)?.();
  });
  const times: number[] = [];
  try {
    // The socket's $connect registers it after the upgrade: the warm-ups also wait for that.
    for (let run = 0; run < WARM_UPS + RUNS; run++) {
      const content = `Reply ${run} from the bakery`;
      const arrived = new Promise<void>((resolve) => waiting.set(content, resolve));
      const res = await owner.post(`/conversations/${conversationId}/messages`, { content });
      if (res.status !== 201) throw new Error(`The reply answered ${res.status}`);
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
      const ms = arrivals.get(content);
      if (run >= WARM_UPS) {
        if (ms === undefined) throw new Error(`Reply ${run} never reached the widget's socket`);
        times.push(ms);
      }
    }
  } finally {
    socket.close();
  }
  return median(times);
}

/** The three figures, for a new owner on a running local runtime (its env is in process.env). */
export async function benchInbox(apiUrl: string, realtimeUrl: string, config: Parameters<typeof signUpAndSignIn>[0], siteUrl: string): Promise<string[]> {
  const user = await signUpAndSignIn(config, 'Inbox Bench');
  const owner = apiClient(apiUrl, user.idToken);
  const created = await owner.post('/chatbots', { websiteUrl: siteUrl });
  if (created.status !== 201) throw new Error(`Could not create the inbox assistant: ${JSON.stringify(created.body)}`);
  const chatbotId = created.body.chatbot.id as string;
  await waitForCrawl(owner, chatbotId);
  const ownerId = JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  await seedConversations(chatbotId, ownerId);

  const list = await timedGets(owner, '/conversations', (body) => {
    if (body.conversations.length === 0) throw new Error('The inbox listed no conversation');
  });
  const search = await timedGets(owner, `/conversations?q=${encodeURIComponent(SEARCHED.toUpperCase())}`, (body) => {
    if (body.conversations.length === 0) throw new Error(`The search found no '${SEARCHED}'`);
  });
  await owner.put(`/chatbots/${chatbotId}/transfer-settings`, { ...DEFAULT_TRANSFER_SETTINGS, enabled: true, agent_availability: '24/7' });
  // The owner has a picture (Settings > Profile), so each reply carries it as a person's reply does.
  const picture = new Uint8Array(2048);
  const upload = (await owner.post('/account/avatar/upload-url', { contentType: 'image/png', size: picture.byteLength })).body;
  await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: picture });
  if ((await owner.put('/account/avatar', { avatar_url: upload.publicUrl })).status !== 200) throw new Error('The owner\'s picture was not set');
  const reply = await benchReplyToWidget(apiUrl, realtimeUrl, owner, chatbotId);
  return [
    `inbox list ${CONVERSATIONS} conversations p50: ${list.toFixed(1)} ms`,
    `inbox search ${CONVERSATIONS} conversations p50: ${search.toFixed(1)} ms`,
    `owner reply to widget p50: ${reply.toFixed(1)} ms`,
  ];
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-inbox-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
  const site = await startFixtureSite({ pages: 3, hangingPage: false });
  try {
    for (const line of await benchInbox(runtime.apiUrl, runtime.realtimeUrl, runtime.config, site.url)) console.log(line);
  } finally {
    await site.stop();
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
