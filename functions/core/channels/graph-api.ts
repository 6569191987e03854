import { createHmac } from 'node:crypto';
import type { SocialPlatform } from '../../contracts/deployment.js';

/**
 * Meta's Graph API, the one service behind WhatsApp Cloud API, Messenger and Instagram Messaging. The
 * base URL (with its version) is configuration: GRAPH_API_URL, locally the Graph stand-in (local/graph).
 */
export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com/v21.0';
export const graphApiUrl = () => (process.env.GRAPH_API_URL ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, '');

/** A Graph call that does not answer within this is reported as unreachable, well inside a route's 10 s. */
const GRAPH_TIMEOUT_MS = 5_000;

export interface GraphCredentials {
  access_token: string;
  app_secret: string;
}

/**
 * `appsecret_proof` (HMAC-SHA256 of the token with the app secret): Meta checks it against the app the
 * token belongs to, so a test that passes proves both the token and the app secret right.
 */
export const appSecretProof = ({ access_token, app_secret }: GraphCredentials) =>
  createHmac('sha256', app_secret).update(access_token).digest('hex');

/** Meta's error body: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`. */
interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number };
}

export type GraphResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

/** One Graph call with the credentials; Meta's own error text when it refuses, a plain one when it cannot be reached. */
export async function graphCall<T>(
  method: 'GET' | 'POST',
  path: string,
  credentials: GraphCredentials,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<GraphResult<T>> {
  const url = new URL(`${graphApiUrl()}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  url.searchParams.set('appsecret_proof', appSecretProof(credentials));
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      // The token travels in the header, never in a URL that proxies and access logs keep.
      headers: { authorization: `Bearer ${credentials.access_token}`, ...(options.body ? { 'content-type': 'application/json' } : {}) },
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 0, error: 'Meta’s Graph API could not be reached. Please try again in a minute.' };
  }
  const body = (await res.json().catch(() => ({}))) as T & GraphErrorBody;
  if (res.ok && !body.error) return { ok: true, data: body };
  return { ok: false, status: res.status, error: body.error?.message ?? `Meta’s Graph API answered HTTP ${res.status}` };
}

/** The fields that name each platform's account, and how they read to a person. */
const ACCOUNT_FIELDS: Record<SocialPlatform, { fields: string; name: (data: Record<string, string | undefined>) => string }> = {
  whatsapp: {
    fields: 'verified_name,display_phone_number',
    name: (d) => [d.verified_name, d.display_phone_number && `(${d.display_phone_number})`].filter(Boolean).join(' '),
  },
  messenger: { fields: 'name', name: (d) => d.name ?? '' },
  instagram: { fields: 'username,name', name: (d) => (d.username ? `@${d.username}` : (d.name ?? '')) },
};

/**
 * The connection test (spec 001 `test-channel-connection`): reads the phone number, page or Instagram
 * account with the credentials, as the send calls will use them. The account's name, or Meta's error.
 */
export async function readChannelAccount(
  platform: SocialPlatform,
  accountId: string,
  credentials: GraphCredentials,
): Promise<{ ok: true; accountName: string } | { ok: false; error: string; reachable: boolean }> {
  const spec = ACCOUNT_FIELDS[platform];
  const result = await graphCall<Record<string, string | undefined>>('GET', encodeURIComponent(accountId), credentials, {
    query: { fields: spec.fields },
  });
  if (!result.ok) return { ok: false, error: result.error, reachable: result.status !== 0 };
  return { ok: true, accountName: spec.name(result.data) };
}
