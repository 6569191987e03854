import { inject } from 'vitest';
import type { httpRoutes, SignedInAccess } from '../../../lib/routes.js';
import type { ApiClient } from '../../support/api-client.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../../../functions/contracts/transfers.js';

/**
 * One valid request per signed-in route, made against the team fixture's shared assistant: the
 * authorization matrix (authorization.test.ts) sends it as every kind of caller. Every `user` route
 * of lib/routes.ts needs an entry here (the type and a test refuse a route without one). Add yours in
 * its own block.
 */
export interface MatrixContext {
  /** The owner's assistant, shared with the team. */
  chatbotId: string;
  /** A knowledge entry for it, with a stored file. */
  entryId: string;
  /** A training record of it. */
  recordId: string;
  /** The website it learned (served locally). */
  siteUrl: string;
  /** Its conversation settings as stored. */
  settings: unknown;
  /** The assistant's owner, to make a fresh resource for a request that destroys one. */
  owner: ApiClient;
  /** The API's base URL (public routes a fresh resource is made through). */
  apiUrl: string;
  /** The owner's team, the assistant shared with it. */
  teamId: string;
  /** A plain member of the team whose role the role-change request sets. */
  targetUserId: string;
  /** A pending invitation of the team to an address none of the callers has. */
  invitationId: string;
  /** A new member of the team, for one request that removes them. */
  freshMemberId: () => Promise<string>;
  /** A new pending invitation of the team, for one request that cancels it. */
  freshInvitationId: () => Promise<string>;
}

export interface RouteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface MatrixEntry {
  /** The request, made for one caller (`as` is that caller's client, undefined for anonymous). */
  request: (ctx: MatrixContext, as: ApiClient | undefined) => RouteRequest | Promise<RouteRequest>;
  /** Statuses besides 2xx that mean the caller was let through (an outcome of the domain, not a refusal). */
  alsoServed?: readonly number[];
  /** Destroys the shared assistant: run after every other route. */
  destroysFixture?: boolean;
}

type UserRouteName = Extract<(typeof httpRoutes)[number], { access: SignedInAccess }>['name'];

const TXT = 'Opening hours: we open at 8 am on weekdays.';

/** Uploads a small text file as `as` and names it for process-document. */
async function uploadedText(as: ApiClient | undefined): Promise<{ uploadId: string; fileName: string }> {
  const fileName = 'hours.txt';
  if (!as) return { uploadId: '00000000-0000-4000-8000-000000000000', fileName };
  const started = await as.post('/knowledge/documents/upload-url', { fileName, size: TXT.length });
  if (started.status !== 200) throw new Error(`upload-url answered ${started.status}`);
  await fetch(started.body.uploadUrl, { method: 'PUT', headers: started.body.headers, body: TXT });
  return { uploadId: started.body.uploadId, fileName };
}

/**
 * Waits until every reading of the shared assistant has finished: a re-sync started by an earlier route
 * changes the owner's data in the background, which would read as a refused call having changed it.
 */
async function readingsFinished(ctx: MatrixContext): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const { body } = await ctx.owner.get(`/chatbots/${ctx.chatbotId}/sync`);
    const history = (body?.history ?? []) as { finished_at: string | null }[];
    if (history.every((entry) => entry.finished_at)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A visitor's conversation with the shared assistant, made through the public chat for one request. */
async function freshConversation(ctx: MatrixContext): Promise<string> {
  const res = await fetch(`${ctx.apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` },
    body: JSON.stringify({ message: 'Do you bake rye bread?', chatbotId: ctx.chatbotId }),
  });
  const body = (await res.json()) as { conversationId?: string };
  if (res.status !== 200 || !body.conversationId) throw new Error(`a visitor's chat answered ${res.status}`);
  return body.conversationId;
}

/** An open task for the contact of a fresh conversation, as a create_task action leaves it, for one request that closes it. */
async function freshTask(ctx: MatrixContext): Promise<{ conversationId: string; taskId: string }> {
  const conversationId = await freshConversation(ctx);
  const { contact_id: contactId } = (await ctx.owner.get(`/conversations/${conversationId}`)).body.conversation as { contact_id: string };
  const taskId = `matrix-${conversationId}`;
  await withRuntimeEnv(inject('runtime').env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const at = new Date().toISOString();
    const task = { task_id: taskId, workflow_id: 'matrix', contact_id: contactId, conversation_id: conversationId, title: 'Call back' };
    await db()
      .entities.workflowTask.create({ chatbot_id: ctx.chatbotId, ...task, due_at: at, created_at: at })
      .go();
  });
  return { conversationId, taskId };
}

/** A knowledge entry of the shared assistant made for one request that deletes it. */
async function freshEntry(ctx: MatrixContext): Promise<string> {
  const made = await ctx.owner.post('/knowledge', { title: 'Parking', content: 'Free parking behind the shop.', chatbot_id: ctx.chatbotId });
  if (made.status !== 201) throw new Error(`creating an entry answered ${made.status}`);
  return made.body.entry.id;
}

/** Channel credentials of no account (the Graph stand-in refuses them). */
const MATRIX_CREDENTIALS = { account_id: '100000000000009', access_token: 'EAAmatrixtoken', app_secret: 'matrix-secret' };

const WORKFLOW = {
  name: 'Matrix quotes',
  trigger_type: 'keyword',
  trigger_conditions: { keywords: 'quote' },
  actions: [{ type: 'tag_contact', config: { tags: 'lead' } }],
};

/** A workflow of the shared assistant made for one request that changes or deletes it. */
async function freshWorkflow(ctx: MatrixContext): Promise<string> {
  const made = await ctx.owner.post(`/chatbots/${ctx.chatbotId}/workflows`, WORKFLOW);
  if (made.status !== 201) throw new Error(`creating a workflow answered ${made.status}`);
  return made.body.workflow.id;
}

export const routeRequests: Record<UserRouteName, MatrixEntry> = {
  // Accounts and assistants
  'get-account': { request: () => ({ method: 'GET', path: '/account' }) },
  'refresh-subscription': { request: () => ({ method: 'POST', path: '/account/subscription/refresh' }) },
  'list-chatbots': { request: () => ({ method: 'GET', path: '/chatbots' }) },
  // A site that cannot be read: the caller's own creation is let through and stops there (422), or
  // at the free plan's one assistant (403 with the plan's message), so the matrix creates nothing.
  'read-site-details': { request: () => ({ method: 'GET', path: '/site-details?websiteUrl=http%3A%2F%2F127.0.0.1%3A9%2F' }), alsoServed: [422] },
  'create-chatbot': { request: () => ({ method: 'POST', path: '/chatbots', body: { websiteUrl: 'http://127.0.0.1:9/' } }), alsoServed: [403, 422] },
  'get-chatbot': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}` }) },
  'update-chatbot': { request: (c) => ({ method: 'PATCH', path: `/chatbots/${c.chatbotId}`, body: { agent_name: 'Ada' } }) },
  'set-chatbot-active': { request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/active`, body: { is_active: true } }) },
  'delete-chatbot': { request: (c) => ({ method: 'DELETE', path: `/chatbots/${c.chatbotId}` }), destroysFixture: true },
  'create-realtime-session': { request: (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/realtime-session` }) },
  'get-voice-analytics': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/voice-analytics` }) },
  // Without an ElevenLabs key and without espeak-ng the server has no voice (503): the caller was let through.
  'elevenlabs-tts': {
    request: () => ({ method: 'POST', path: '/voice/speech', body: { text: 'Hello', voice_id: 'EXAVITQu4vr4xnSDxMaL', model_id: 'eleven_turbo_v2' } }),
    alsoServed: [503],
  },
  'get-voice-settings': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/voice-settings` }) },
  'update-voice-settings': {
    request: (c) => ({
      method: 'PUT',
      path: `/chatbots/${c.chatbotId}/voice-settings`,
      body: {
        voice_id: 'JBFqnCBsd6RMkjVDRZzb',
        model_id: 'eleven_turbo_v2_5',
        stability: 0.4,
        similarity_boost: 0.7,
        style: 0.1,
        use_speaker_boost: true,
        response_speed: 'fast',
        interrupt_enabled: true,
        auto_play: false,
      },
    }),
  },
  'update-conversation-settings': { request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/settings`, body: c.settings }) },
  'get-crawl-status': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/crawl` }) },
  // Nothing to retry after a clean crawl: 409 once let through.
  'retry-crawl': { request: (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/crawl/retry` }), alsoServed: [409] },
  // A re-sync starts once; while it runs the next one let through is refused with 409.
  'sync-website': { request: (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/sync` }), alsoServed: [409] },
  'get-sync-settings': { request: async (c) => (await readingsFinished(c), { method: 'GET', path: `/chatbots/${c.chatbotId}/sync` }) },
  'set-sync-frequency': { request: async (c) => (await readingsFinished(c), { method: 'PUT', path: `/chatbots/${c.chatbotId}/sync`, body: { frequency: 'never' } }) },
  'list-crawled-pages': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/pages?search=menu` }) },
  'create-avatar-upload': { request: () => ({ method: 'POST', path: '/avatars/upload-url', body: { contentType: 'image/png', size: 1000 } }) },

  // Conversations and training
  'chat-as-owner': { request: (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/chat`, body: { message: 'When do you open?', session: 'matrix' } }) },
  'save-correction': {
    request: (c) => ({
      method: 'POST',
      path: `/chatbots/${c.chatbotId}/corrections`,
      body: { original_message: 'Do you deliver?', original_response: 'No.', corrected_response: 'Yes, within 5 km.' },
    }),
  },
  'list-training-records': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/training-records` }) },
  'create-training-record': {
    request: (c) => ({
      method: 'POST',
      path: `/chatbots/${c.chatbotId}/training-records`,
      body: { user_message: 'Do you bake rye?', ai_response: 'Yes, daily.', score: 85 },
    }),
  },
  'correct-training-record': {
    request: (c) => ({
      method: 'PATCH',
      path: `/chatbots/${c.chatbotId}/training-records/${c.recordId}`,
      body: { corrected_response: 'Yes, every morning.' },
    }),
  },

  // Knowledge
  'list-knowledge-entries': { request: () => ({ method: 'GET', path: '/knowledge' }) },
  'get-knowledge-entry': { request: (c) => ({ method: 'GET', path: `/knowledge/${c.entryId}` }) },
  'create-knowledge-entry': {
    request: (c) => ({ method: 'POST', path: '/knowledge', body: { title: 'Gift cards', content: 'Gift cards from 10 dollars.', chatbot_id: c.chatbotId } }),
  },
  'update-knowledge-entry': { request: (c) => ({ method: 'PATCH', path: `/knowledge/${c.entryId}`, body: { title: 'Opening hours' } }) },
  'set-knowledge-entry-active': { request: (c) => ({ method: 'PUT', path: `/knowledge/${c.entryId}/active`, body: { is_active: true } }) },
  'delete-knowledge-entry': { request: async (c) => ({ method: 'DELETE', path: `/knowledge/${await freshEntry(c)}` }) },
  'get-knowledge-file-url': { request: (c) => ({ method: 'GET', path: `/knowledge/${c.entryId}/file` }) },
  'create-document-upload': { request: () => ({ method: 'POST', path: '/knowledge/documents/upload-url', body: { fileName: 'menu.txt', size: 100 } }) },
  'process-document': {
    request: async (c, as) => ({ method: 'POST', path: '/knowledge/documents', body: { ...(await uploadedText(as)), chatbotId: c.chatbotId } }),
  },
  // Inbox: a fresh visitor conversation of the shared assistant for each request.
  'list-conversations': { request: (c) => ({ method: 'GET', path: `/conversations?chatbotId=${c.chatbotId}` }) },
  'list-conversation-tags': { request: (c) => ({ method: 'GET', path: `/conversation-tags?chatbotId=${c.chatbotId}` }) },
  'get-conversation': { request: async (c) => ({ method: 'GET', path: `/conversations/${await freshConversation(c)}` }) },
  'update-conversation': {
    request: async (c) => ({ method: 'PATCH', path: `/conversations/${await freshConversation(c)}`, body: { customer_name: 'Ada Lovelace' } }),
  },
  'delete-conversation': { request: async (c) => ({ method: 'DELETE', path: `/conversations/${await freshConversation(c)}` }) },
  'send-owner-reply': {
    request: async (c) => ({ method: 'POST', path: `/conversations/${await freshConversation(c)}/messages`, body: { content: 'We do, every day.' } }),
  },
  'list-contact-tasks': { request: async (c) => ({ method: 'GET', path: `/conversations/${await freshConversation(c)}/tasks` }) },
  'close-contact-task': {
    request: async (c) => {
      const { conversationId, taskId } = await freshTask(c);
      return { method: 'POST', path: `/conversations/${conversationId}/tasks/${taskId}/close` };
    },
  },
  'set-conversation-status': {
    request: async (c) => ({ method: 'PUT', path: `/conversations/${await freshConversation(c)}/status`, body: { status: 'in_progress' } }),
  },
  // Agent Transfers
  'get-transfer-settings': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/transfer-settings` }) },
  'update-transfer-settings': {
    request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/transfer-settings`, body: DEFAULT_TRANSFER_SETTINGS }),
  },
  'list-agent-transfers': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/transfers` }) },

  // The fixture site may hold too few questions for FAQs: 422 once let through.
  'generate-faqs-from-website': {
    request: (c) => ({ method: 'POST', path: '/knowledge/faqs', body: { websiteUrl: c.siteUrl, chatbotId: c.chatbotId } }),
    alsoServed: [422],
  },

  // Billing domain (issue 15): each on the caller's own account.
  // For the Cognito group admin only: every caller of this matrix is an owner, refused with 'Admin
  // access required' (403, not a team role's refusal); test/integration/billing/waitlist.test.ts serves an admin.
  'list-waitlist': { request: () => ({ method: 'GET', path: '/admin/waitlist' }), alsoServed: [403] },
  'get-onboarding': { request: () => ({ method: 'GET', path: '/onboarding' }) },
  'complete-onboarding-step': { request: () => ({ method: 'PUT', path: '/onboarding/steps/scale' }) },
  'create-checkout': { request: () => ({ method: 'POST', path: '/billing/checkout' }) },
  // No Stripe customer before a first checkout: 409 once let through.
  'create-portal-session': { request: () => ({ method: 'POST', path: '/billing/portal' }), alsoServed: [409] },
  'update-account': { request: () => ({ method: 'PATCH', path: '/account', body: { business_name: 'Matrix Bakery' } }) },
  'create-profile-avatar-upload': { request: () => ({ method: 'POST', path: '/account/avatar/upload-url', body: { contentType: 'image/png', size: 1000 } }) },
  // Removing a picture the caller may not have: served, and nothing of anyone else's is named.
  'set-profile-avatar': { request: () => ({ method: 'PUT', path: '/account/avatar', body: { avatar_url: '' } }) },
  // Another e-mail than the caller's: refused (400) before anything is deleted, so the matrix deletes no account.
  'delete-account': { request: () => ({ method: 'DELETE', path: '/account', body: { confirm_email: 'not-the-caller@example.com' } }), alsoServed: [400] },

  // Deployment Center and channels (issue 13)
  'get-deployment': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/deployment` }) },
  'update-website-channel': {
    request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/website-channel`, body: { enabled: true, allowed_domains: [] } }),
  },
  // Credentials Meta does not know: refused below 80% training quality (409), else by the Graph test (422).
  'connect-channel': {
    request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/channels/whatsapp`, body: { credentials: MATRIX_CREDENTIALS } }),
    alsoServed: [409, 422],
  },
  'disconnect-channel': { request: (c) => ({ method: 'DELETE', path: `/chatbots/${c.chatbotId}/channels/messenger` }) },
  'test-channel-connection': {
    request: (c) => ({ method: 'POST', path: '/test-channel-connection', body: { channelId: 'whatsapp', chatbotId: c.chatbotId, config: MATRIX_CREDENTIALS } }),
  },

  // Workflows (issue 14)
  'list-workflows': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/workflows` }) },
  'create-workflow': { request: (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/workflows`, body: WORKFLOW }) },
  'update-workflow': {
    request: async (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/workflows/${await freshWorkflow(c)}`, body: { ...WORKFLOW, name: 'Renamed' } }),
  },
  'set-workflow-active': {
    request: async (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/workflows/${await freshWorkflow(c)}/active`, body: { is_active: false } }),
  },
  'delete-workflow': { request: async (c) => ({ method: 'DELETE', path: `/chatbots/${c.chatbotId}/workflows/${await freshWorkflow(c)}` }) },
  'list-workflow-executions': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/workflow-executions` }) },
  // Runs the workflow's one tag_contact action with sample data (no conversation, so it tags no one).
  'run-workflow-test': { request: async (c) => ({ method: 'POST', path: `/chatbots/${c.chatbotId}/workflows/${await freshWorkflow(c)}/test` }) },
  // Teams
  'list-teams': { request: () => ({ method: 'GET', path: '/teams' }) },
  'create-team': { request: () => ({ method: 'POST', path: '/teams', body: { name: 'Side team' } }) },
  'list-team-members': { request: (c) => ({ method: 'GET', path: `/teams/${c.teamId}/members` }) },
  'update-team-member-role': {
    request: (c) => ({ method: 'PATCH', path: `/teams/${c.teamId}/members/${c.targetUserId}`, body: { role: 'editor' } }),
  },
  'remove-team-member': { request: async (c) => ({ method: 'DELETE', path: `/teams/${c.teamId}/members/${await c.freshMemberId()}` }) },
  'list-team-invitations': { request: (c) => ({ method: 'GET', path: `/teams/${c.teamId}/invitations` }) },
  'invite-team-member': {
    request: (c) => ({ method: 'POST', path: `/teams/${c.teamId}/invitations`, body: { email: `matrix-${crypto.randomUUID()}@example.com` } }),
  },
  'cancel-team-invitation': { request: async (c) => ({ method: 'DELETE', path: `/teams/${c.teamId}/invitations/${await c.freshInvitationId()}` }) },
  'list-team-chatbots': { request: (c) => ({ method: 'GET', path: `/teams/${c.teamId}/chatbots` }) },
  'set-chatbot-team': { request: (c) => ({ method: 'PUT', path: `/chatbots/${c.chatbotId}/team`, body: { team_id: c.teamId } }) },
  // Bound to the invited address: every caller here meets someone else's invitation (403 once let in).
  'get-invitation': { request: (c) => ({ method: 'GET', path: `/invitations/${c.invitationId}` }), alsoServed: [403] },
  'accept-invitation': { request: (c) => ({ method: 'POST', path: `/invitations/${c.invitationId}/accept` }), alsoServed: [403] },

  // Analytics (issue 17)
  'analyze-chatbot-performance': { request: (c) => ({ method: 'GET', path: `/chatbots/${c.chatbotId}/analytics?timeRange=7d` }) },
};
