import { DEFAULT_CONVERSATION_SETTINGS } from '../functions/contracts/chatbot.js';
import { DEFAULT_VOICE_SETTINGS } from '../functions/contracts/voice.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../functions/contracts/transfers.js';
import { fallbackRoute, httpRoutes, isSignedIn, type FunctionName } from '../lib/routes.js';

export interface SampleContext {
  /** Claims of a real signed-up user, as API Gateway passes them. */
  claims: Record<string, string>;
  idToken: string;
  /** An assistant of that user, created from the benchmark's fixture site. */
  chatbotId: string;
  /** The fixture site's address (a create request reads it). */
  websiteUrl: string;
  /** A visitor token for that assistant, signed like the ones /chat issues. */
  visitorToken: string;
}

function httpEvent(name: FunctionName, ctx: SampleContext, body?: unknown) {
  const route = httpRoutes.find((r) => r.name === name);
  const method = route?.method ?? 'GET';
  // Channel routes name a platform: WhatsApp stands for the three.
  const path = (route?.path ?? '/unknown').replace('{id}', ctx.chatbotId).replace('{platform}', 'whatsapp');
  return {
    version: '2.0',
    routeKey: route ? `${method} ${path}` : '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      http: { method, path, sourceIp: '127.0.0.1', userAgent: 'bench' },
      authorizer: route && !isSignedIn(route.access) ? undefined : { jwt: { claims: ctx.claims, scopes: [] } },
      requestId: 'bench',
      domainName: 'localhost',
      routeKey: route ? `${method} ${path}` : '$default',
      stage: '$default',
    },
    pathParameters: path.includes(ctx.chatbotId)
      ? { id: ctx.chatbotId, ...(route?.path.includes('{platform}') ? { platform: 'whatsapp' } : {}) }
      : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

const socketContext = (routeKey: string, ctx: SampleContext) => ({
  routeKey,
  connectionId: 'bench-connection',
  eventType: routeKey === '$default' ? 'MESSAGE' : routeKey === '$connect' ? 'CONNECT' : 'DISCONNECT',
  authorizer: { principalId: ctx.claims.sub, userId: ctx.claims.sub },
  stage: 'live',
});

/** One representative event per named function; the Record type makes a new function need one. */
export const sampleEvents: Record<FunctionName, (ctx: SampleContext) => unknown> = {
  health: (ctx) => httpEvent('health', ctx),
  'get-account': (ctx) => httpEvent('get-account', ctx),
  'refresh-subscription': (ctx) => httpEvent('refresh-subscription', ctx),
  'list-chatbots': (ctx) => httpEvent('list-chatbots', ctx),
  // The free assistant exists already, so this measures the quota refusal path (no crawl started).
  'create-chatbot': (ctx) => httpEvent('create-chatbot', ctx, { websiteUrl: ctx.websiteUrl }),
  // No website address: the handler answers 400 after loading its modules (no site fetched).
  'read-site-details': (ctx) => httpEvent('read-site-details', ctx),
  'get-chatbot': (ctx) => httpEvent('get-chatbot', ctx),
  'update-chatbot': (ctx) => httpEvent('update-chatbot', ctx, { agent_name: 'Bench Agent' }),
  'set-chatbot-active': (ctx) => httpEvent('set-chatbot-active', ctx, { is_active: true }),
  // An id the user does not own: the ownership check answers 404 and nothing is deleted.
  'delete-chatbot': (ctx) => httpEvent('delete-chatbot', { ...ctx, chatbotId: 'not-this-users-bot' }),
  'get-crawl-status': (ctx) => httpEvent('get-crawl-status', ctx),
  // The benchmark assistant's crawl had no problems: a 409 after the ownership check, nothing started.
  'retry-crawl': (ctx) => httpEvent('retry-crawl', ctx),
  'update-conversation-settings': (ctx) => httpEvent('update-conversation-settings', ctx, DEFAULT_CONVERSATION_SETTINGS),
  'get-voice-settings': (ctx) => httpEvent('get-voice-settings', ctx),
  'get-voice-analytics': (ctx) => httpEvent('get-voice-analytics', ctx),
  'elevenlabs-tts': (ctx) => httpEvent('elevenlabs-tts', ctx),
  'create-realtime-session': (ctx) => httpEvent('create-realtime-session', ctx),
  'update-voice-settings': (ctx) => {
    const { voice_name: _name, ...input } = DEFAULT_VOICE_SETTINGS;
    return httpEvent('update-voice-settings', ctx, input);
  },
  'create-avatar-upload': (ctx) => httpEvent('create-avatar-upload', ctx, { contentType: 'image/png', size: 2048 }),
  'chat-with-emma': (ctx) =>
    httpEvent('chat-with-emma', ctx, { message: 'What are your opening hours?', chatbotId: ctx.chatbotId, visitorToken: ctx.visitorToken }),
  'chat-as-owner': (ctx) => httpEvent('chat-as-owner', ctx, { message: 'What are your opening hours?', session: 'bench' }),
  // A conversation that does not exist: the checks answer 404 and nothing is stored.
  'rate-chat-message': (ctx) =>
    httpEvent('rate-chat-message', ctx, {
      chatbotId: ctx.chatbotId,
      visitorToken: ctx.visitorToken,
      conversationId: 'no-such-conversation',
      messageId: 'no-such-message',
      rating: 'up',
    }),
  'get-visitor-conversation': (ctx) => {
    const event = httpEvent('get-visitor-conversation', ctx);
    return { ...event, headers: { ...event.headers, authorization: `Bearer ${ctx.visitorToken}` } };
  },
  'get-public-chatbot': (ctx) => httpEvent('get-public-chatbot', ctx),
  'start-visitor': (ctx) => httpEvent('start-visitor', ctx),
  'get-demo-stats': (ctx) => httpEvent('get-demo-stats', ctx),
  'track-demo-analytics': (ctx) =>
    httpEvent('track-demo-analytics', ctx, { chatbot_id: ctx.chatbotId, event_type: 'demo_view', session_id: 'bench' }),
  'save-correction': (ctx) =>
    httpEvent('save-correction', ctx, { original_message: 'Hi', original_response: 'Hello', corrected_response: 'Hello there' }),
  'list-training-records': (ctx) => httpEvent('list-training-records', ctx),
  'create-training-record': (ctx) =>
    httpEvent('create-training-record', ctx, { user_message: 'Hi', ai_response: 'Hello', score: 85 }),
  // No recordId in the path: the handler answers 400 after loading its modules.
  'correct-training-record': (ctx) => httpEvent('correct-training-record', ctx, { corrected_response: 'Hello there' }),
  // A bot that does not exist: loads the crawler and returns at once.
  'list-knowledge-entries': (ctx) => httpEvent('list-knowledge-entries', ctx),
  'get-knowledge-entry': (ctx) => httpEvent('get-knowledge-entry', ctx),
  'create-knowledge-entry': (ctx) =>
    httpEvent('create-knowledge-entry', ctx, {
      title: 'Parking',
      content: 'Free parking is available behind the shop.',
      type: 'context',
      chatbot_id: ctx.chatbotId,
    }),
  // Entry ids the user does not have: the lookups answer 404 and nothing changes.
  'update-knowledge-entry': (ctx) => httpEvent('update-knowledge-entry', ctx, { title: 'Renamed' }),
  'set-knowledge-entry-active': (ctx) => httpEvent('set-knowledge-entry-active', ctx, { is_active: false }),
  'delete-knowledge-entry': (ctx) => httpEvent('delete-knowledge-entry', ctx),
  'get-knowledge-file-url': (ctx) => httpEvent('get-knowledge-file-url', ctx),
  'create-document-upload': (ctx) => httpEvent('create-document-upload', ctx, { fileName: 'menu.pdf', size: 2048 }),
  // An upload that was never made: the object lookup answers 404 and nothing is stored.
  'process-document': (ctx) =>
    httpEvent('process-document', ctx, {
      uploadId: '00000000-0000-4000-8000-000000000000',
      fileName: 'menu.pdf',
      title: 'Menu',
      type: 'document',
      chatbotId: null,
    }),
  'get-public-knowledge': (ctx) => httpEvent('get-public-knowledge', ctx),
  // An assistant the user does not own: the ownership check answers 404 before the site is read.
  'generate-faqs-from-website': (ctx) =>
    httpEvent('generate-faqs-from-website', ctx, { websiteUrl: ctx.websiteUrl, chatbotId: 'not-this-users-bot' }),
  // Workflows: a keyword workflow is really created; the others act on a workflow id that is not there (404).
  'list-workflows': (ctx) => httpEvent('list-workflows', ctx),
  'create-workflow': (ctx) =>
    httpEvent('create-workflow', ctx, {
      name: 'Quote requests',
      trigger_type: 'keyword',
      trigger_conditions: { keywords: 'quote, price list' },
      actions: [{ type: 'tag_contact', config: { tags: ['lead'] } }],
    }),
  'update-workflow': (ctx) => httpEvent('update-workflow', ctx, { name: 'x' }),
  'set-workflow-active': (ctx) => httpEvent('set-workflow-active', ctx, { is_active: false }),
  'delete-workflow': (ctx) => httpEvent('delete-workflow', ctx),
  'list-workflow-executions': (ctx) => httpEvent('list-workflow-executions', ctx),
  'run-workflow-test': (ctx) => httpEvent('run-workflow-test', ctx),
  // The first task of a scheduled run whose workflow is not there: two reads, and nothing runs. (A finish
  // step of a missing execution is refused by throwing, which would end the measuring process.)
  'run-workflow-action': () => ({ step: 'schedule', scheduled: { chatbot_id: 'no-such-bot', workflow_id: 'no-such-workflow' } }),
  // Inbox: the list is real; the others name a conversation that does not exist (404, nothing changes).
  'list-conversations': (ctx) => httpEvent('list-conversations', ctx),
  'list-conversation-tags': (ctx) => httpEvent('list-conversation-tags', ctx),
  'list-contact-tasks': (ctx) => httpEvent('list-contact-tasks', ctx),
  'close-contact-task': (ctx) => httpEvent('close-contact-task', ctx),
  'get-conversation': (ctx) => httpEvent('get-conversation', ctx),
  'update-conversation': (ctx) => httpEvent('update-conversation', ctx, { customer_name: 'Bench Customer' }),
  'delete-conversation': (ctx) => httpEvent('delete-conversation', ctx),
  'send-owner-reply': (ctx) => httpEvent('send-owner-reply', ctx, { content: 'Thanks, we will call you back.' }),
  'set-conversation-status': (ctx) => httpEvent('set-conversation-status', ctx, { status: 'in_progress' }),
  'get-transfer-settings': (ctx) => httpEvent('get-transfer-settings', ctx),
  'update-transfer-settings': (ctx) => httpEvent('update-transfer-settings', ctx, DEFAULT_TRANSFER_SETTINGS),
  'list-agent-transfers': (ctx) => httpEvent('list-agent-transfers', ctx),
  // Teams: {id} is the benchmark's assistant id, no team of the user's: the rule answers 404, nothing changes.
  'list-teams': (ctx) => httpEvent('list-teams', ctx),
  // An empty name: 400 after loading the handler, no team created.
  'create-team': (ctx) => httpEvent('create-team', ctx, { name: ' ' }),
  'list-team-members': (ctx) => httpEvent('list-team-members', ctx),
  'update-team-member-role': (ctx) => httpEvent('update-team-member-role', ctx, { role: 'editor' }),
  'remove-team-member': (ctx) => httpEvent('remove-team-member', ctx),
  'list-team-invitations': (ctx) => httpEvent('list-team-invitations', ctx),
  'invite-team-member': (ctx) => httpEvent('invite-team-member', ctx, { email: 'bench-invitee@example.com', role: 'member' }),
  'cancel-team-invitation': (ctx) => httpEvent('cancel-team-invitation', ctx),
  'list-team-chatbots': (ctx) => httpEvent('list-team-chatbots', ctx),
  // Sharing with a team the user is not in: 404 after the ownership check, nothing changes.
  'set-chatbot-team': (ctx) => httpEvent('set-chatbot-team', ctx, { team_id: 'no-such-team' }),
  'get-invitation': (ctx) => httpEvent('get-invitation', ctx),
  'accept-invitation': (ctx) => httpEvent('accept-invitation', ctx),
  // The benchmark assistant's 30 days (the query string is optional: 30d in UTC).
  'analyze-chatbot-performance': (ctx) => httpEvent('analyze-chatbot-performance', ctx),
  // A plan of a run of an assistant that does not exist: two reads, a query of nothing, done.
  'crawl-step': () => ({ step: 'plan', run: { chatbot_id: 'no-such-bot', run_id: 'no-such-run' }, round: 0 }),
  'sync-website': (ctx) => httpEvent('sync-website', { ...ctx, chatbotId: 'no-such-bot' }),
  'get-sync-settings': (ctx) => httpEvent('get-sync-settings', ctx),
  'set-sync-frequency': (ctx) => httpEvent('set-sync-frequency', ctx, { frequency: 'sometimes' }),
  'list-crawled-pages': (ctx) => httpEvent('list-crawled-pages', ctx),
  // An assistant that does not exist: the worker finds nothing to re-index.
  'reindex-knowledge': (ctx) => ({ userId: ctx.claims.sub, chatbotIds: ['no-such-assistant'], changedAt: '20260101T000000000Z' }),
  // One visitor's message of an assistant no one reads, as the table stream delivers it.
  'count-chat-messages': () => ({
    shardId: 'shardId-bench',
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: String(Date.now()),
          NewImage: {
            conversation_id: { S: 'bench-conversation' },
            message_id: { S: 'bench-message' },
            counts: {
              M: { kind: { S: 'visitor' }, chatbot_id: { S: 'bench-no-such-assistant' }, at: { S: new Date().toISOString() }, channel: { S: 'website' }, new_conversation: { BOOL: true } },
            },
          },
        },
      },
    ],
  }),
  // A connection that does not exist (disconnected since): nothing to process.
  'process-channel-webhook': () => ({ connectionId: 'no-such-connection', chatbotId: 'no-such-assistant', platform: 'whatsapp', accountId: '100000000000001', payload: {} }),
  // Billing domain (issue 15). The bench user is no admin: the waitlist list answers 403.
  'join-waitlist': (ctx) => httpEvent('join-waitlist', ctx, { name: 'Bench Visitor', email: 'bench-waitlist@example.com' }),
  'list-waitlist': (ctx) => httpEvent('list-waitlist', ctx),
  'get-onboarding': (ctx) => httpEvent('get-onboarding', ctx),
  // No step in the path: the handler answers 400 after loading its modules.
  'complete-onboarding-step': (ctx) => httpEvent('complete-onboarding-step', ctx),
  // Checkout and the portal call the (local) Stripe: a session is created and nothing is charged.
  'create-checkout': (ctx) => httpEvent('create-checkout', ctx),
  // The bench owner has no Stripe customer yet: 409 after loading Stripe's SDK.
  'create-portal-session': (ctx) => httpEvent('create-portal-session', ctx),
  // An unsigned event: the signature check answers 400 and nothing changes.
  // A business name that is too long: 400 after loading the Cognito client.
  'update-account': (ctx) => httpEvent('update-account', ctx, { business_name: 'x'.repeat(200) }),
  'create-profile-avatar-upload': (ctx) => httpEvent('create-profile-avatar-upload', ctx, { contentType: 'image/png', size: 2048 }),
  // Not an upload of the caller's: 400, nothing changed.
  'set-profile-avatar': (ctx) => httpEvent('set-profile-avatar', ctx, { avatar_url: 'https://example.com/not-ours.png' }),
  // Not the owner's e-mail: 400 before anything is deleted.
  'delete-account': (ctx) => httpEvent('delete-account', ctx, { confirm_email: 'not-the-owner@example.com' }),
  'stripe-webhook': (ctx) => httpEvent('stripe-webhook', ctx, { id: 'evt_bench', type: 'invoice.paid' }),
  [fallbackRoute.name]: (ctx: SampleContext) => httpEvent(fallbackRoute.name, ctx),
  'pre-sign-up': () => ({
    triggerSource: 'PreSignUp_SignUp',
    request: { userAttributes: { email: 'bench@example.com' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }),
  'realtime-authorizer': (ctx) => ({
    type: 'REQUEST',
    methodArn: 'arn:aws:execute-api:local:000000000000:local/live/$connect',
    queryStringParameters: { token: ctx.idToken },
    requestContext: socketContext('$connect', ctx),
  }),
  'realtime-connect': (ctx) => ({ requestContext: socketContext('$connect', ctx), isBase64Encoded: false }),
  'realtime-default': (ctx) => ({
    requestContext: socketContext('$default', ctx),
    body: JSON.stringify({ action: 'ping', id: 'bench' }),
    isBase64Encoded: false,
  }),
  'realtime-disconnect': (ctx) => ({ requestContext: socketContext('$disconnect', ctx), isBase64Encoded: false }),
  // Deployment Center (issue 13)
  'get-deployment': (ctx) => httpEvent('get-deployment', ctx),
  'update-website-channel': (ctx) => httpEvent('update-website-channel', ctx, { enabled: true, allowed_domains: [] }),
  // A new assistant is below the 80% training quality: the refusal path, before any Graph call.
  'connect-channel': (ctx) =>
    httpEvent('connect-channel', ctx, { credentials: { account_id: '100000000000001', access_token: 'EAAbenchtoken', app_secret: 'benchsecret' } }),
  'disconnect-channel': (ctx) => httpEvent('disconnect-channel', ctx),
  // No such connection: refused before any signature check.
  'channel-webhook': (ctx) => httpEvent('channel-webhook', ctx, { object: 'whatsapp_business_account', entry: [] }),
  // Nothing connected: answered without a Graph call.
  'test-channel-connection': (ctx) => httpEvent('test-channel-connection', ctx, { channelId: 'whatsapp', chatbotId: ctx.chatbotId }),
};
