import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../read-body.js';
import { GraphError, graphErrors } from './graph-errors.js';
import { accountsPage } from './pages.js';
import { GraphStandInState, type GraphPlatform, type SentMessage, type StandInAccount } from './stand-in-state.js';

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
  if (options.seedAccounts) state.ensureOnePerPlatform();
  const url = `http://127.0.0.1:${options.port}`;

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
    if (id !== account.account_id) throw graphErrors.unknownObject(id);
    const all: Record<string, string> =
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
    const record = (to: string, text: string, messageId: string): SentMessage => {
      const sent = { id: messageId, platform: account.platform, account_id: account.account_id, to, text, body, at: new Date().toISOString() };
      state.data.sent.push(sent);
      state.save();
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

  async function controls(req: IncomingMessage, target: URL, kind: string | undefined): Promise<unknown> {
    if (kind === 'accounts' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req, 16 * 1024)).toString('utf8') || '{}') as { platform?: string; name?: string };
      if (!PLATFORMS.includes(body.platform as GraphPlatform)) throw graphErrors.invalidParameter('platform must be whatsapp, messenger or instagram');
      return state.createAccount(body.platform as GraphPlatform, body.name);
    }
    if (kind === 'accounts' && req.method === 'GET') return { data: state.data.accounts };
    if (kind === 'sent' && req.method === 'GET') {
      const accountId = target.searchParams.get('account_id');
      const to = target.searchParams.get('to');
      return { data: state.data.sent.filter((m) => (!accountId || m.account_id === accountId) && (!to || m.to === to)) };
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
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(accountsPage(state.data.accounts, state.data.sent));
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
