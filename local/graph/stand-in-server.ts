import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../read-body.js';
import { GraphError, graphErrors } from './graph-errors.js';
import { accountsPage, customerPage } from './pages.js';
import { GraphStandInState, type GraphPlatform, type ReceivedMessage, type SentMessage, type StandInAccount } from './stand-in-state.js';
import { inboundPayload, statusPayload } from './webhook-payloads.js';

export interface GraphStandInOptions {
  port: number;
  /** Keeps accounts and sent messages between runs (`npm run dev`); in memory without one. */
  stateFile?: string;
  /** Makes one account per platform on start, so `npm run dev` can connect a channel at once. */
  seedAccounts?: boolean;
}

export interface GraphStandIn {
  /** Base URL of the stand-in (its pages); the API lives under `${url}/${GRAPH_VERSION}`. */
  url: string;
  /** What the product is configured with (GRAPH_API_URL). */
  apiUrl: string;
  stop(): Promise<void>;
}

/** The Graph API version the product calls (its GRAPH_API_URL ends in it); any `vNN.N` is served. */
export const GRAPH_VERSION = 'v21.0';

const PLATFORMS = ['whatsapp', 'messenger', 'instagram'] as const;
/** How long after a send the 'delivered' status webhook follows. */
const STATUS_DELAY_MS = 50;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'x-fb-trace-id': randomBytes(8).toString('base64url') });
  res.end(JSON.stringify(body));
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The local Meta Graph API (ARCHITECTURE.md section 5): the calls the product makes, in Meta's request
 * and response shapes. Reading a WhatsApp phone number, a Facebook page or an Instagram account (the
 * connection test) and the send endpoints of the three platforms (recorded, for its page and tests).
 * Tokens travel as `Authorization: Bearer` or `access_token`; an `appsecret_proof` is checked against
 * the app secret of the token's app, as Meta does. `/_stand-in/...` makes test accounts and lists what
 * was sent.
 */
export async function startGraphStandIn(options: GraphStandInOptions): Promise<GraphStandIn> {
  const state = new GraphStandInState(options.stateFile);
  /** Long polls of `/_stand-in/sent` waiting for a message (see controls). */
  const sentWaiters = new Set<() => void>();
  if (options.seedAccounts) state.ensureOnePerPlatform();
  const url = `http://127.0.0.1:${options.port}`;
  const deliveries = new Set<Promise<number>>();
  /** Sent messages the customer page has shown (their read receipts are out). */
  const readIds = new Set<string>();
  let stopping = false;

  /** The account the token opens, checked as Meta checks a request: token, then the proof of the app secret. */
  function authorize(req: IncomingMessage, query: URLSearchParams): StandInAccount {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : query.get('access_token');
    if (!token) throw graphErrors.noToken();
    const account = state.byToken(token);
    if (!account) throw graphErrors.badToken();
    const proof = query.get('appsecret_proof');
    if (proof !== null && !sameText(proof, createHmac('sha256', account.app_secret).update(token).digest('hex'))) throw graphErrors.badProof();
    return account;
  }

  /** GET /{id}?fields=...: the account's node, with the fields asked for (and its id). */
  function readNode(account: StandInAccount, id: string, fields: string[]): Record<string, string> {
    const customer = state.data.customers.find((c) => c.account_id === account.account_id && c.id === id);
    if (id !== account.account_id && !customer) throw graphErrors.unknownObject(id);
    const [first = '', ...rest] = (customer?.name ?? '').split(' ');
    const all: Record<string, string> = customer
      ? // The User Profile API: Messenger's first and last name, Instagram's name and username.
        account.platform === 'messenger'
        ? { first_name: first, last_name: rest.join(' ') }
        : { name: customer.name, username: customer.name.toLowerCase().replace(/\W+/g, '_') }
      :
      account.platform === 'whatsapp'
        ? { verified_name: account.name, display_phone_number: account.handle, quality_rating: 'GREEN' }
        : account.platform === 'messenger'
          ? { name: account.name }
          : { username: account.handle, name: account.name };
    const picked = fields.length ? Object.fromEntries(fields.flatMap((f) => (f in all ? [[f, all[f]!]] : []))) : all;
    return { ...picked, id };
  }

  /** POST /{id}/messages in each platform's shape; the answer Meta gives, and the message recorded. */
  function sendMessage(account: StandInAccount, id: string, body: Record<string, unknown>): unknown {
    if (id !== account.account_id && id !== 'me') throw graphErrors.unknownObject(id, 'post');
    if (account.platform === 'whatsapp' && body.status !== undefined) return markRead(account, body);
    if (account.platform !== 'whatsapp' && body.sender_action !== undefined) return senderAction(account, body);
    const record = (to: string, text: string, messageId: string): SentMessage => {
      const sent = { id: messageId, platform: account.platform, account_id: account.account_id, to, text, body, at: new Date().toISOString(), seq: state.nextSeq() };
      state.data.sent.push(sent);
      state.save();
      for (const wake of sentWaiters) wake();
      // As on Meta, the message reaches the customer's device a moment after the send call answered.
      setTimeout(() => void deliver(account, statusPayload(account, to, messageId, 'delivered', new Date())), STATUS_DELAY_MS);
      return sent;
    };
    if (account.platform === 'whatsapp') {
      if (body.messaging_product !== 'whatsapp') throw graphErrors.invalidParameter('The parameter messaging_product is required.');
      const to = typeof body.to === 'string' ? body.to : '';
      if (!to) throw graphErrors.invalidParameter('The parameter to is required.');
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (body.type !== 'text' || typeof text !== 'string' || !text) throw graphErrors.invalidParameter('The parameter text[\'body\'] is required.');
      const sent = record(to, text, `wamid.${randomBytes(24).toString('base64url')}`);
      return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: sent.id }] };
    }
    const to = (body.recipient as { id?: unknown } | undefined)?.id;
    if (typeof to !== 'string' || !to) throw graphErrors.invalidParameter('param recipient must be non-empty.');
    const text = (body.message as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string' || !text) throw graphErrors.invalidParameter('param message must be non-empty.');
    const sent = record(to, text, `m_${randomBytes(30).toString('base64url')}`);
    return { recipient_id: to, message_id: sent.id };
  }

  const recordAction = (account: StandInAccount, to: string, body: Record<string, unknown>) => {
    state.data.actions.push({ account_id: account.account_id, to, body, at: new Date().toISOString(), seq: state.nextSeq() });
    state.save();
  };

  /** WhatsApp's read receipt: `{ messaging_product, status: 'read', message_id }` of a message the customer sent. */
  function markRead(account: StandInAccount, body: Record<string, unknown>): unknown {
    if (body.messaging_product !== 'whatsapp') throw graphErrors.invalidParameter('The parameter messaging_product is required.');
    if (body.status !== 'read') throw graphErrors.invalidParameter('(#100) Param status must be one of {READ}.');
    const received = state.data.received.find((m) => m.account_id === account.account_id && m.id === body.message_id);
    if (!received) throw graphErrors.invalidParameter('Invalid parameter: message_id is not a message this phone number received.');
    received.read_at ??= new Date().toISOString();
    recordAction(account, received.from, body);
    return { success: true };
  }

  /** Messenger's and Instagram's sender actions: one of mark_seen, typing_on, typing_off, with no message. */
  function senderAction(account: StandInAccount, body: Record<string, unknown>): unknown {
    const to = (body.recipient as { id?: unknown } | undefined)?.id;
    if (typeof to !== 'string' || !to) throw graphErrors.invalidParameter('param recipient must be non-empty.');
    if (!['mark_seen', 'typing_on', 'typing_off'].includes(String(body.sender_action))) {
      throw graphErrors.invalidParameter('(#100) param sender_action must be one of {MARK_SEEN, TYPING_ON, TYPING_OFF}');
    }
    if (body.message !== undefined) throw graphErrors.invalidParameter('(#100) sender_action cannot be sent with a message.');
    if (body.sender_action === 'mark_seen') {
      const at = new Date().toISOString();
      for (const m of state.data.received) if (m.account_id === account.account_id && m.from === to) m.read_at ??= at;
    }
    recordAction(account, to, body);
    return { recipient_id: to };
  }

  async function api(req: IncomingMessage, target: URL, parts: string[]): Promise<unknown> {
    const account = authorize(req, target.searchParams);
    const [id, edge] = parts;
    if (req.method === 'GET' && id && !edge) {
      return readNode(account, id, (target.searchParams.get('fields') ?? '').split(',').map((f) => f.trim()).filter(Boolean));
    }
    if (req.method === 'POST' && id && edge === 'messages') {
      const raw = (await readBody(req, 64 * 1024)).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw || '{}') as Record<string, unknown>;
      } catch {
        throw graphErrors.invalidParameter('The request body could not be parsed as JSON.');
      }
      return sendMessage(account, id, body);
    }
    throw graphErrors.unknownPath(parts.join('/'));
  }

  /** Delivers a webhook call to the account's callback URL, signed with its app secret exactly as Meta signs. */
  async function deliver(account: StandInAccount, payload: unknown): Promise<number> {
    if (!account.webhook || stopping) return 0;
    const body = JSON.stringify(payload);
    const signature = `sha256=${createHmac('sha256', account.app_secret).update(body).digest('hex')}`;
    const pending = fetch(account.webhook.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature, 'user-agent': 'facebookexternalua' },
      body,
    })
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    deliveries.add(pending);
    void pending.finally(() => deliveries.delete(pending));
    return pending;
  }

  /** The App Dashboard's "Verify and save": Meta's GET handshake with a fresh challenge, kept only if echoed. */
  async function subscribe(account: StandInAccount, callbackUrl: string, verifyToken: string) {
    const challenge = randomBytes(8).readUInt32BE(0).toString();
    const url = new URL(callbackUrl);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.verify_token', verifyToken);
    url.searchParams.set('hub.challenge', challenge);
    const res = await fetch(url).catch(() => undefined);
    const text = res ? await res.text() : '';
    const verified = res?.status === 200 && text === challenge;
    if (verified) {
      account.webhook = { callback_url: callbackUrl, verify_token: verifyToken };
      state.save();
    }
    return { verified, status: res?.status ?? 0, body: verified ? undefined : text.slice(0, 500) };
  }

  /** A customer writes to the account (the customer page, or a test): delivered as the platform's webhook. */
  async function customerWrites(account: StandInAccount, input: { from?: string; name?: string; text?: string }) {
    const text = input.text?.trim();
    if (!text) throw graphErrors.invalidParameter('text is required');
    if (!account.webhook) throw graphErrors.invalidParameter('No webhook is subscribed for this account: verify a callback URL first.');
    const customer = state.customer(account.account_id, input.from || state.newCustomerId(account.platform), input.name?.trim() || 'Test Customer');
    const at = new Date();
    const id = account.platform === 'whatsapp' ? `wamid.${randomBytes(24).toString('base64url')}` : `m_${randomBytes(30).toString('base64url')}`;
    const payload = inboundPayload(account, customer, id, text, at);
    // Kept before the webhook call: the product may mark it read before the call has even answered.
    const received: ReceivedMessage = { id, account_id: account.account_id, from: customer.id, text, at: at.toISOString(), webhook_status: 0 };
    state.data.received.push(received);
    const status = await deliver(account, payload);
    received.webhook_status = status;
    state.save();
    return { message_id: id, customer_id: customer.id, webhook_status: status, payload };
  }

  /** One customer's conversation with the account, both ways, oldest first; what they see counts as read. */
  function conversation(account: StandInAccount, customerId: string) {
    const theirs = state.data.received
      .filter((m) => m.account_id === account.account_id && m.from === customerId)
      .map((m) => ({ from: 'customer', text: m.text, at: m.at, read: Boolean(m.read_at) }));
    const answers = state.data.sent.filter((m) => m.account_id === account.account_id && m.to === customerId);
    for (const answer of answers.filter((m) => !readIds.has(m.id))) {
      readIds.add(answer.id);
      void deliver(account, statusPayload(account, customerId, answer.id, 'read', new Date()));
    }
    // Messenger shows typing until the next message or typing_off, at most 20 s.
    const lastAction = state.data.actions.filter((a) => a.account_id === account.account_id && a.to === customerId).at(-1);
    const lastSeq = Math.max(0, ...answers.map((m) => m.seq ?? 0));
    const typing =
      (lastAction?.body as { sender_action?: string } | undefined)?.sender_action === 'typing_on' &&
      lastAction!.seq > lastSeq &&
      Date.now() - Date.parse(lastAction!.at) < 20_000;
    return {
      data: [...theirs, ...answers.map((m) => ({ from: 'business', text: m.text, at: m.at }))].sort((a, b) => a.at.localeCompare(b.at)),
      typing,
    };
  }

  const accountOf = (id: string | undefined) => {
    const account = state.byId(id ?? '');
    if (!account) throw graphErrors.unknownObject(String(id));
    return account;
  };
  const jsonOf = async (req: IncomingMessage) => JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as Record<string, string>;

  async function controls(req: IncomingMessage, target: URL, kind: string | undefined): Promise<unknown> {
    const [, , accountId, action] = target.pathname.split('/').filter(Boolean); // _stand-in/accounts/<id>/<action>
    if (kind === 'accounts' && !accountId && req.method === 'POST') {
      const body = JSON.parse((await readBody(req, 16 * 1024)).toString('utf8') || '{}') as { platform?: string; name?: string };
      if (!PLATFORMS.includes(body.platform as GraphPlatform)) throw graphErrors.invalidParameter('platform must be whatsapp, messenger or instagram');
      return state.createAccount(body.platform as GraphPlatform, body.name);
    }
    if (kind === 'accounts' && !accountId && req.method === 'GET') return { data: state.data.accounts };
    if (kind === 'accounts' && action === 'webhook' && req.method === 'POST') {
      const body = await jsonOf(req);
      return subscribe(accountOf(accountId), String(body.callback_url ?? ''), String(body.verify_token ?? ''));
    }
    if (kind === 'accounts' && action === 'inbound' && req.method === 'POST') return customerWrites(accountOf(accountId), await jsonOf(req));
    if (kind === 'accounts' && action === 'conversation' && req.method === 'GET') {
      return conversation(accountOf(accountId), target.searchParams.get('customer') ?? '');
    }
    if (kind === 'actions' && req.method === 'GET') {
      const accountId = target.searchParams.get('account_id');
      const to = target.searchParams.get('to');
      return { data: state.data.actions.filter((a) => (!accountId || a.account_id === accountId) && (!to || a.to === to)) };
    }
    if (kind === 'sent' && req.method === 'GET') {
      const accountId = target.searchParams.get('account_id');
      const to = target.searchParams.get('to');
      const matching = () => state.data.sent.filter((m) => (!accountId || m.account_id === accountId) && (!to || m.to === to));
      // `at_least=N&wait_ms=T`: answers once N messages match or T ms passed, so a benchmark waiting for an
      // answer does not load the process it measures with polls.
      const atLeast = Number(target.searchParams.get('at_least') ?? 0);
      const waitMs = Math.min(Number(target.searchParams.get('wait_ms') ?? 0) || 0, 30_000);
      if (atLeast > 0 && waitMs > 0 && matching().length < atLeast) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            sentWaiters.delete(wake);
            resolve();
          };
          const wake = () => matching().length >= atLeast && done();
          const timer = setTimeout(done, waitMs);
          sentWaiters.add(wake);
        });
      }
      return { data: matching() };
    }
    throw graphErrors.unknownPath(target.pathname);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const target = new URL(req.url ?? '/', url);
      const [first, ...rest] = target.pathname.split('/').filter(Boolean);
      try {
        if (first && /^v\d+\.\d+$/.test(first)) return send(res, 200, await api(req, target, rest));
        if (first === '_stand-in') return send(res, 200, await controls(req, target, rest[0]));
        if (req.method === 'POST' && first === 'accounts') {
          const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
          const platform = form.get('platform') as GraphPlatform;
          if (PLATFORMS.includes(platform)) state.createAccount(platform, form.get('name') ?? undefined);
          res.writeHead(303, { location: '/' });
          return res.end();
        }
        if (req.method === 'POST' && first === 'webhooks' && rest[0]) {
          const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'));
          const account = accountOf(rest[0]);
          const result = await subscribe(account, form.get('callback_url') ?? '', form.get('verify_token') ?? '');
          res.writeHead(303, { location: `/?webhook=${result.verified ? 'verified' : 'failed'}` });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        if (first === 'chat' && rest[0]) return res.end(customerPage(accountOf(rest[0])));
        res.end(accountsPage(state.data.accounts, state.data.sent, target.searchParams.get('webhook')));
      } catch (error) {
        if (error instanceof GraphError) return send(res, error.status, error.body());
        send(res, 500, { error: { message: String((error as Error)?.message ?? error), type: 'OAuthException', code: 1 } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url,
    apiUrl: `${url}/${GRAPH_VERSION}`,
    stop: async () => {
      stopping = true;
      await Promise.allSettled([...deliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
