import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpRoutes, isSignedIn, type RouteAction, type SignedInAccess } from '../../lib/routes.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { eventually } from '../support/eventually.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { chatVisitor, contactIdOf, newSourceAddress } from '../support/visitor.js';
import { routeRequests, type RouteRequest } from './authorization/route-requests.js';
import { visitorRouteRequests } from './authorization/visitor-route-requests.js';
import { callerKinds, teamFixture, type CallerKind, type TeamFixture } from './authorization/team-fixture.js';

const { apiUrl, config, env } = inject('runtime');

function withPayload(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

const getAccount = (authorization?: string) =>
  fetch(`${apiUrl}/account`, { headers: authorization ? { authorization } : {} });

describe('user routes refuse callers without a valid token', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
  });

  it('401 without a token', async () => {
    const res = await getAccount();
    expect(res.status).toBe(401);
  });

  it('401 with a tampered token (another sub, original signature)', async () => {
    const tampered = withPayload(owner.idToken, (c) => (c.sub = '00000000-0000-0000-0000-000000000000'));
    expect((await getAccount(`Bearer ${tampered}`)).status).toBe(401);
  });

  it('401 with a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const claims = JSON.parse(Buffer.from(owner.idToken.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    expect((await getAccount(`Bearer ${forged}`)).status).toBe(401);
  });

  it('401 with an expired token', async () => {
    const expired = withPayload(owner.idToken, (c) => (c.exp = Math.floor(Date.now() / 1000) - 60));
    expect((await getAccount(`Bearer ${expired}`)).status).toBe(401);
  });

  it('401 with garbage', async () => {
    expect((await getAccount('Bearer not-a-jwt')).status).toBe(401);
  });

  it('public routes need no token', async () => {
    const res = await fetch(`${apiUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});

/**
 * Issue 12: who may do what. Each right is held by these callers (member reads; editor also edits;
 * admin also manages the team; only the assistant's owner owns it); a caller outside the team cannot
 * see the resource at all (404), a caller inside it whose role lacks the right gets 403.
 */
const holders: Record<Exclude<RouteAction, 'account'>, readonly CallerKind[]> = {
  read: ['member', 'editor', 'admin', 'owner'],
  edit: ['editor', 'admin', 'owner'],
  manage: ['admin', 'owner'],
  own: ['owner'],
};
const outsiders: readonly CallerKind[] = ['another owner', 'removed member', 'expired invitee'];

type Expected = 'served' | 401 | 403 | 404;

function expectedFor(action: RouteAction, kind: CallerKind): Expected {
  if (kind === 'anonymous') return 401;
  if (action === 'account' || holders[action].includes(kind)) return 'served';
  return outsiders.includes(kind) ? 404 : 403;
}

const ROLE_REFUSAL = /^Your role in this team/;

async function send(as: ApiClient | undefined, request: RouteRequest) {
  if (as) return as[request.method === 'DELETE' ? 'delete' : (request.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch')](request.path, request.body);
  const res = await fetch(`${apiUrl}${request.path}`, {
    method: request.method,
    headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/**
 * Everything of the owner's a refused call could have changed, once the re-index of the knowledge
 * changes the served calls made is done (reindex-knowledge runs after their answers and writes the
 * assistant's index version and quality).
 */
async function ownersData(fixture: TeamFixture) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { knowledgeUpdateOf } = await import('../../functions/core/knowledge/knowledge-change.js');
    const { entities } = db();
    const { chatbotId: chatbot_id, teamId: team_id } = fixture.ctx;
    await eventually(
      async () => (await entities.chatbot.get({ chatbot_id }).go()).data,
      (bot) => !bot || knowledgeUpdateOf(bot) !== 'updating',
      'the re-index of earlier knowledge changes',
    );
    const [bot, entries, records, corrections, members, invitations, shared] = await Promise.all([
      entities.chatbot.get({ chatbot_id }).go(),
      entities.knowledgeEntry.query.byOwner({ user_id: fixture.ownerId }).go({ pages: 'all' }),
      entities.trainingRecord.query.byChatbot({ chatbot_id }).go({ pages: 'all' }),
      entities.correction.query.byChatbot({ chatbot_id }).go({ pages: 'all' }),
      entities.teamMember.query.byTeam({ team_id }).go({ pages: 'all' }),
      entities.teamInvitation.query.byTeam({ team_id }).go({ pages: 'all' }),
      entities.sharedChatbot.query.byTeam({ team_id }).go({ pages: 'all' }),
    ]);
    // What reindex-knowledge writes after a served call's change (an equal index published again by a
    // worker that started before it, and its quality) is not the refused call's doing.
    const {
      index_version: _version,
      training_quality: _quality,
      training_status: _status,
      training_breakdown: _breakdown,
      training_probes: _probes,
      knowledge_failed_at: _failed,
      updated_at: _updated,
      ...botData
    } = bot.data ?? {};
    return [botData, entries, records, corrections, members, invitations, shared].map((r) => ('data' in r ? r.data : r));
  });
}

const userRoutes = httpRoutes.filter((r): r is Extract<(typeof httpRoutes)[number], { access: SignedInAccess }> => isSignedIn(r.access));

describe('authorization matrix: every signed-in route x every kind of caller (generated from lib/routes.ts)', () => {
  let fixture: TeamFixture;
  beforeAll(async () => {
    fixture = await teamFixture(apiUrl, config, env);
  }, 180_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  it('every signed-in route has a request in the matrix', () => {
    const missing = userRoutes.filter((r) => !(r.name in routeRequests)).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  // The routes that destroy the shared assistant go last, so every other route still finds it.
  const ordered = [...userRoutes].sort(
    (a, b) => Number(Boolean(routeRequests[a.name]?.destroysFixture)) - Number(Boolean(routeRequests[b.name]?.destroysFixture)),
  );
  for (const route of ordered) {
    it(`${route.method} ${route.path} (${route.name}, needs '${route.action}')`, async () => {
      const entry = routeRequests[route.name];
      expect(entry, `no matrix request for ${route.name}`).toBeDefined();
      const outcomes: Record<string, string> = {};
      const wrong: string[] = [];
      for (const kind of callerKinds) {
        const as = fixture.clients[kind];
        const request = await entry.request(fixture.ctx, as);
        const expected = expectedFor(route.action, kind);
        const before = expected === 'served' ? undefined : await ownersData(fixture);
        const { status, body } = await send(as, request);
        outcomes[kind] = String(status);
        if (expected === 'served') {
          const served =
            (status >= 200 && status < 300) ||
            (entry.alsoServed?.includes(status) && !(status === 403 && ROLE_REFUSAL.test(body?.error ?? '')));
          if (!served) wrong.push(`${kind}: expected to be served, got ${status} ${JSON.stringify(body)}`);
        } else {
          if (status !== expected) wrong.push(`${kind}: expected ${expected}, got ${status} ${JSON.stringify(body)}`);
          const after = await ownersData(fixture);
          if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${kind}: a refused call changed the owner's data`);
        }
      }
      expect(wrong, JSON.stringify(outcomes)).toEqual([]);
    }, 120_000);
  }
});

/**
 * Visitor routes (lib/routes.ts access 'visitor'): only the visitor token's holder is served, and with
 * their own conversation only. A token of another assistant, expired, tampered, a user's Cognito token
 * or none at all: 401, and nothing of the visitor's in the answer.
 */
describe('visitor matrix: every visitor route x every kind of visitor token (generated from lib/routes.ts)', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);
  const SECRET = 'my order number is 4417-PRIVATE';
  /** Each kind of caller's Authorization token (none: no header). */
  const tokens: Record<string, string | undefined> = {};
  let conversationId: string;

  beforeAll(async () => {
    const visitor = chatVisitor(apiUrl, fixture.chatbotId);
    const asked = await visitor.ask(`Hello, ${SECRET}`);
    expect(asked.status).toBe(200);
    conversationId = asked.body.conversationId;
    const stranger = chatVisitor(apiUrl, fixture.chatbotId);
    expect((await stranger.ask('Do you bake rye bread?')).status).toBe(200);
    const contact = { chatbotId: fixture.chatbotId, contactId: contactIdOf(visitor.visitorToken!) };
    const [foreign, expired] = await withRuntimeEnv(env, async () => {
      const { issueVisitorToken, VISITOR_TOKEN_DAYS } = await import('../../functions/core/chat/visitor-token.js');
      return Promise.all([
        issueVisitorToken({ ...contact, chatbotId: 'another-assistant' }),
        issueVisitorToken(contact, new Date(Date.now() - (VISITOR_TOKEN_DAYS + 1) * 86_400_000)),
      ]);
    });
    Object.assign(tokens, {
      'the visitor': visitor.visitorToken,
      'another visitor of the assistant': stranger.visitorToken,
      'a visitor of another assistant': foreign,
      expired,
      tampered: withPayload(stranger.visitorToken!, (c) => (c.sub = contact.contactId)),
      'an owner': (await signUpAndSignIn(config)).idToken,
      none: undefined,
    });
  }, 120_000);

  it('every visitor route has a request in the matrix', () => {
    const missing = httpRoutes.filter((r) => r.access === 'visitor' && !(r.name in visitorRouteRequests)).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  for (const route of httpRoutes.filter((r) => r.access === 'visitor')) {
    it(`${route.method} ${route.path} (${route.name})`, async () => {
      const request = visitorRouteRequests[route.name as keyof typeof visitorRouteRequests](fixture.chatbotId);
      const wrong: string[] = [];
      for (const [kind, token] of Object.entries(tokens)) {
        const res = await fetch(`${apiUrl}${request.path}`, {
          method: request.method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': newSourceAddress() },
        });
        const text = await res.text();
        const served = kind === 'the visitor' || kind === 'another visitor of the assistant';
        if (served ? res.status !== 200 : res.status !== 401) wrong.push(`${kind}: expected ${served ? 200 : 401}, got ${res.status} ${text}`);
        const leaks = text.includes(SECRET) || text.includes(conversationId);
        if (kind === 'the visitor' ? !leaks : leaks) wrong.push(`${kind}: ${kind === 'the visitor' ? 'does not see' : 'sees'} the visitor's conversation: ${text}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
