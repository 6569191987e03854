/**
 * THE route table. Every HTTP route, WebSocket route and Cognito trigger maps to one named function
 * whose code lives in `functions/<name>/handler.ts`. The CDK HTTP/WebSocket constructs and the local
 * gateway both read this file; test/cdk/routes.test.ts asserts they agree.
 */
/**
 * Who may call a route. `public`: anyone. `visitor`: a website visitor, by the signed visitor token POST /chat
 * issued (core/chat/visitor-token.ts) in `Authorization: Bearer`; the function verifies it, since API Gateway's
 * JWT authorizer knows only Cognito. `user`: a signed-in user (Cognito, verified by API Gateway). `admin`: a
 * user of the admin group.
 */
export type Access = 'public' | 'visitor' | 'user' | 'admin';

/**
 * The application's domains. Each gets a nested CloudFormation stack of its own (lib/constructs/domain-stack.ts)
 * holding the functions, integrations and routes of its entries, so no template nears CloudFormation's limit of
 * 500 resources. A new domain is one line here (name: description), then `domain: '<name>'` on its routes.
 */
export const domains = {
  accounts: 'Accounts and assistants',
  knowledge: 'Knowledge: entries, documents, FAQs',
  conversations: 'Conversations: chat, training, demo',
  voice: 'Realtime WebSocket: voice and live updates',
  billing: 'Billing: subscriptions (Stripe), account settings, waitlist, onboarding',
  channels: 'Deployment Center: website embed, WhatsApp, Messenger and Instagram channels',
  workflows: 'Workflow automation: workflows, executions',
  inbox: 'Inbox: conversations, owner replies, human handoff',
  teams: 'Teams: members, invitations by e-mail, shared assistants',
  analytics: 'Analytics: figures and insights from the rollups',
} as const;
export type Domain = keyof typeof domains;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a function touches; the CDK construct turns each into an environment variable plus the
 * least-privilege grant (see lib/constructs/app-function.ts), the local runtime into env + endpoint.
 */
export type Resource =
  | 'table'
  | 'avatars'
  | 'documents'
  | 'realtime'
  | 'userPool'
  | 'site'
  /** Starting readings of a website on the crawl state machine (workflows/crawl-site.asl.json). */
  | 'crawler'
  /** The EventBridge Scheduler schedules of assistants' re-syncs (core/crawl/engine/sync-schedule.ts). */
  | 'crawlScheduler'
  | 'providers'
  | 'visitorTokens'
  // Billing (issue 15): the Stripe keys' secret.
  | 'stripe'
  /** Sending e-mail through SES (team invitations). */
  | 'mail'
  // Account settings (issue 15): the user pool's admin actions on the caller's own user.
  | 'userDirectory'
  /** Starting executions of the workflow state machine (workflows/run-workflow.asl.json). */
  | 'workflowRunner'
  /** Messaging channels (issue 13): the key that seals their credentials, and Meta's Graph API address. */
  | 'channelCredentials'
  /** Invoking process-channel-webhook asynchronously (env CHANNEL_PROCESSOR_FUNCTION_NAME plus invoke permission). */
  | 'channelProcessor'
  /** Invoking reindex-knowledge asynchronously (env KNOWLEDGE_INDEXER_FUNCTION_NAME plus invoke permission). */
  | 'knowledgeIndexer'
  /** The EventBridge Scheduler schedules of time-based workflows (core/workflows/schedules.ts). */
  | 'workflowScheduler';

/**
 * What a signed-in route needs of its caller; functions/core/access/authorize.ts decides it (owner, or
 * team member whose role allows it: 404 for what the caller cannot see, 403 for what their role lacks).
 * - `account`: the route works on the caller's own account and names nothing of anyone else's.
 * - `read`, `edit`, `manage`, `own`: that right on the assistant (or team) the route names; a route that
 *   may name none (a knowledge entry for all assistants) then works on the caller's own account.
 * Rights by role: member reads; editor also edits; admin also manages the team; only the assistant's
 * owner owns (deletes it, moves it between teams, pays).
 */
export type RouteAction = 'account' | 'read' | 'edit' | 'manage' | 'own';

interface HttpRouteBase {
  /** Named function (spec names where the spec has one). */
  readonly name: string;
  /** Whose nested stack holds the function and the route. */
  readonly domain: Domain;
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. `/chatbots/{id}`. */
  readonly path: string;
  readonly uses: readonly Resource[];
  /** Largest accepted request body; the handler answers 413 above it. */
  readonly maxBodyBytes?: number;
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
  /**
   * A create route that honours an `Idempotency-Key` header: the same key twice from one owner creates
   * once and answers the second time with the first answer (functions/core/http/idempotency.ts).
   */
  readonly idempotent?: boolean;
}

/** Accesses API Gateway checks with the Cognito JWT authorizer: the caller is a signed-in user. */
export type SignedInAccess = Extract<Access, 'user' | 'admin'>;
export const isSignedIn = (access: Access): access is SignedInAccess => access === 'user' || access === 'admin';

/** A signed-in route must say what it needs of its caller (RouteAction); a public or visitor one has no signed-in caller. */
export type HttpRoute = HttpRouteBase &
  ({ readonly access: Exclude<Access, SignedInAccess>; readonly action?: never } | { readonly access: SignedInAccess; readonly action: RouteAction });

// Sizes are written as plain numbers (65_536, not 64 * 1024): esbuild keeps a table holding arithmetic
// in every bundle that imports this file, though each function reads only its own route (route-table.ts).
export const DEFAULT_MAX_BODY_BYTES = 65_536;
/** Time limit of a function whose route sets none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

export const httpRoutes = [
  { name: 'health', domain: 'accounts', method: 'GET', path: '/health', access: 'public', uses: [] },
  { name: 'get-account', domain: 'accounts', method: 'GET', path: '/account', access: 'user', action: 'account', uses: ['table'] },
  {
    name: 'refresh-subscription',
    domain: 'accounts',
    method: 'POST',
    path: '/account/subscription/refresh',
    access: 'user', action: 'account',
    // Reconciles with Stripe for owners with a Stripe customer (core/billing/refresh.ts).
    uses: ['table', 'stripe'],
  },
  { name: 'list-chatbots', domain: 'accounts', method: 'GET', path: '/chatbots', access: 'user', action: 'account', uses: ['table', 'site'] },
  {
    name: 'create-chatbot',
    domain: 'accounts',
    method: 'POST',
    path: '/chatbots',
    access: 'user', action: 'account',
    uses: ['table', 'site', 'crawler'],
    timeoutSeconds: 29,
    idempotent: true,
  },
  // The creator reads the business's name from its site for the owner to confirm before creating (issue 30).
  { name: 'read-site-details', domain: 'accounts', method: 'GET', path: '/site-details', access: 'user', action: 'account', uses: ['table'], timeoutSeconds: 15 },
  { name: 'get-chatbot', domain: 'accounts', method: 'GET', path: '/chatbots/{id}', access: 'user', action: 'read', uses: ['table', 'site'] },
  { name: 'update-chatbot', domain: 'accounts', method: 'PATCH', path: '/chatbots/{id}', access: 'user', action: 'edit', uses: ['table', 'site'] },
  { name: 'set-chatbot-active', domain: 'accounts', method: 'PUT', path: '/chatbots/{id}/active', access: 'user', action: 'edit', uses: ['table', 'site'] },
  {
    name: 'delete-chatbot',
    domain: 'accounts',
    method: 'DELETE',
    path: '/chatbots/{id}',
    access: 'user', action: 'own',
    // workflowScheduler, crawlScheduler: the schedules of its time-based workflows and of its re-syncs are deleted with it.
    uses: ['table', 'documents', 'avatars', 'site', 'workflowScheduler', 'crawlScheduler'],
    timeoutSeconds: 29,
  },
  {
    name: 'update-conversation-settings',
    domain: 'accounts',
    method: 'PUT',
    path: '/chatbots/{id}/settings',
    access: 'user', action: 'edit',
    uses: ['table', 'site'],
  },
  // Voice AI (issue 16): Voice Settings of one assistant, used by the voice chat.
  { name: 'get-voice-settings', domain: 'voice', method: 'GET', path: '/chatbots/{id}/voice-settings', access: 'user', action: 'read', uses: ['table'] },
  // Spec 000 create-realtime-session: a short-lived token of our own that opens the realtime socket for this assistant.
  {
    name: 'create-realtime-session',
    domain: 'voice',
    method: 'POST',
    path: '/chatbots/{id}/realtime-session',
    access: 'user', action: 'edit',
    // providers: to tell the browser whether the server transcribes and speaks (keys configured).
    uses: ['table', 'visitorTokens', 'providers'],
  },
  // The Voice screen's Analytics tab: figures of the assistant's stored voice sessions (last 30 days).
  { name: 'get-voice-analytics', domain: 'voice', method: 'GET', path: '/chatbots/{id}/voice-analytics', access: 'user', action: 'read', uses: ['table'] },
  // Spec 000 elevenlabs-tts: Voice Test and Play Again (ElevenLabs with a key; the local espeak-ng stand-in without).
  {
    name: 'elevenlabs-tts',
    domain: 'voice',
    method: 'POST',
    path: '/voice/speech',
    access: 'user', action: 'account',
    maxBodyBytes: 16_384,
    uses: ['table', 'providers'],
  },
  { name: 'update-voice-settings', domain: 'voice', method: 'PUT', path: '/chatbots/{id}/voice-settings', access: 'user', action: 'edit', uses: ['table'] },
  { name: 'get-crawl-status', domain: 'accounts', method: 'GET', path: '/chatbots/{id}/crawl', access: 'user', action: 'read', uses: ['table', 'site'] },
  // Reads again the pages the last crawl could not read (a crawl 'done_with_problems').
  {
    name: 'retry-crawl',
    domain: 'accounts',
    method: 'POST',
    path: '/chatbots/{id}/crawl/retry',
    access: 'user', action: 'edit',
    uses: ['table', 'site', 'crawler'],
  },
  // Re-sync (issue 27): reads the website again now, keeping what did not change ('Sync now').
  { name: 'sync-website', domain: 'accounts', method: 'POST', path: '/chatbots/{id}/sync', access: 'user', action: 'edit', uses: ['table', 'site', 'crawler'] },
  // The re-sync schedule (Never / Daily / Weekly) and the history of readings.
  { name: 'get-sync-settings', domain: 'accounts', method: 'GET', path: '/chatbots/{id}/sync', access: 'user', action: 'read', uses: ['table'] },
  {
    name: 'set-sync-frequency',
    domain: 'accounts',
    method: 'PUT',
    path: '/chatbots/{id}/sync',
    access: 'user',
    action: 'edit',
    uses: ['table', 'crawlScheduler'],
  },
  // The pages the assistant learned, searchable (Knowledge screen).
  { name: 'list-crawled-pages', domain: 'accounts', method: 'GET', path: '/chatbots/{id}/pages', access: 'user', action: 'read', uses: ['table'] },
  { name: 'create-avatar-upload', domain: 'accounts', method: 'POST', path: '/avatars/upload-url', access: 'user', action: 'account', uses: ['avatars', 'site'] },
  // Visitors (embed widget, demo page) are known by the signed visitor token /chat issues.
  {
    name: 'chat-with-emma',
    domain: 'conversations',
    method: 'POST',
    path: '/chat',
    access: 'public',
    // realtime: live inbox updates to the assistant's readers (core/realtime/inbox-updates.ts); workflowRunner:
    // starts the workflows a visitor's message triggers (core/workflows/chat-triggers.ts).
    // mail: a new transfer e-mails the assistant's agents (core/transfers/transfer-mail.ts).
    uses: ['table', 'documents', 'providers', 'visitorTokens', 'site', 'realtime', 'workflowRunner', 'mail'],
    maxBodyBytes: 16_384,
    timeoutSeconds: 29,
  },
  {
    name: 'rate-chat-message',
    domain: 'conversations',
    method: 'POST',
    path: '/chat/feedback',
    access: 'public',
    // workflowRunner: a thumbs down triggers the 'negative feedback' workflows.
    uses: ['table', 'visitorTokens', 'workflowRunner'],
    maxBodyBytes: 4_096,
  },
  // The owner's test chat and Training studio: the same engine, the owner as the contact.
  {
    name: 'chat-as-owner',
    domain: 'conversations',
    method: 'POST',
    path: '/chatbots/{id}/chat',
    access: 'user', action: 'edit',
    uses: ['table', 'documents', 'providers', 'realtime'],
    maxBodyBytes: 16_384,
    timeoutSeconds: 29,
  },
  // A reloaded or reopened widget shows the visitor's whole conversation, the owner's replies included.
  {
    name: 'get-visitor-conversation',
    domain: 'conversations',
    method: 'GET',
    path: '/public/chatbots/{id}/conversation',
    access: 'visitor',
    uses: ['table', 'visitorTokens'],
  },
  // A new visitor's token before their first message (the widget opens its socket with it, so that answer streams too).
  {
    name: 'start-visitor',
    domain: 'conversations',
    method: 'POST',
    path: '/public/chatbots/{id}/visitor',
    access: 'public',
    uses: ['table', 'visitorTokens'],
    maxBodyBytes: 1024,
  },
  { name: 'get-public-chatbot', domain: 'conversations', method: 'GET', path: '/public/chatbots/{id}', access: 'public', uses: ['table', 'site'] },
  { name: 'get-demo-stats', domain: 'conversations', method: 'GET', path: '/public/chatbots/{id}/demo-stats', access: 'public', uses: ['table'] },
  { name: 'track-demo-analytics', domain: 'conversations', method: 'POST', path: '/demo/analytics', access: 'public', uses: ['table'], maxBodyBytes: 4_096 },
  { name: 'save-correction', domain: 'conversations', method: 'POST', path: '/chatbots/{id}/corrections', access: 'user', action: 'edit', uses: ['table', 'documents'] },
  // Training studio: rated replies (stored), and their corrections, which the chat engine then uses.
  { name: 'list-training-records', domain: 'conversations', method: 'GET', path: '/chatbots/{id}/training-records', access: 'user', action: 'read', uses: ['table'] },
  { name: 'create-training-record', domain: 'conversations', method: 'POST', path: '/chatbots/{id}/training-records', access: 'user', action: 'edit', uses: ['table', 'documents'] },
  {
    name: 'correct-training-record',
    domain: 'conversations',
    method: 'PATCH',
    path: '/chatbots/{id}/training-records/{recordId}',
    access: 'user', action: 'edit',
    uses: ['table', 'documents'],
  },
  // Knowledge changes store the change and answer; reindex-knowledge (asyncFunctions) re-indexes the
  // affected assistants and recomputes their quality off the request (core/knowledge/knowledge-updates.ts).
  { name: 'list-knowledge-entries', domain: 'knowledge', method: 'GET', path: '/knowledge', access: 'user', action: 'account', uses: ['table'] },
  { name: 'get-knowledge-entry', domain: 'knowledge', method: 'GET', path: '/knowledge/{id}', access: 'user', action: 'read', uses: ['table'] },
  {
    name: 'create-knowledge-entry',
    domain: 'knowledge',
    method: 'POST',
    path: '/knowledge',
    access: 'user', action: 'edit',
    uses: ['table', 'knowledgeIndexer'],
    maxBodyBytes: 524_288,
    timeoutSeconds: 29,
    idempotent: true,
  },
  {
    name: 'update-knowledge-entry',
    domain: 'knowledge',
    method: 'PATCH',
    path: '/knowledge/{id}',
    access: 'user', action: 'edit',
    uses: ['table', 'knowledgeIndexer'],
    maxBodyBytes: 524_288,
    timeoutSeconds: 29,
  },
  {
    name: 'set-knowledge-entry-active',
    domain: 'knowledge',
    method: 'PUT',
    path: '/knowledge/{id}/active',
    access: 'user', action: 'edit',
    uses: ['table', 'knowledgeIndexer'],
    timeoutSeconds: 29,
  },
  {
    name: 'delete-knowledge-entry',
    domain: 'knowledge',
    method: 'DELETE',
    path: '/knowledge/{id}',
    access: 'user', action: 'edit',
    uses: ['table', 'documents', 'knowledgeIndexer'],
    timeoutSeconds: 29,
  },
  { name: 'get-knowledge-file-url', domain: 'knowledge', method: 'GET', path: '/knowledge/{id}/file', access: 'user', action: 'read', uses: ['table', 'documents'] },
  // Documents go to the bucket by presigned PUT (a Lambda request stops at 6 MB), then are processed:
  // real format checked, text extracted, entry stored, assistants re-indexed. Memory buys CPU for PDFs.
  {
    name: 'create-document-upload',
    domain: 'knowledge',
    method: 'POST',
    path: '/knowledge/documents/upload-url',
    access: 'user', action: 'account',
    uses: ['documents'],
  },
  {
    name: 'process-document',
    domain: 'knowledge',
    method: 'POST',
    path: '/knowledge/documents',
    access: 'user', action: 'edit',
    uses: ['table', 'documents', 'knowledgeIndexer'],
    timeoutSeconds: 29,
    memoryMb: 1024,
    idempotent: true,
  },
  { name: 'get-public-knowledge', domain: 'knowledge', method: 'GET', path: '/public/chatbots/{id}/knowledge', access: 'public', uses: ['table'] },
  // Reads the site and writes FAQs within the API's 30 s: the crawl, parsing and model share a time
  // budget derived from this timeout; the memory buys CPU for parsing pages.
  {
    name: 'generate-faqs-from-website',
    domain: 'knowledge',
    method: 'POST',
    path: '/knowledge/faqs',
    access: 'user', action: 'edit',
    uses: ['table', 'documents', 'providers', 'knowledgeIndexer'],
    timeoutSeconds: 29,
    memoryMb: 1024,
    idempotent: true,
  },
  // ---- Billing domain (issue 15): waitlist, onboarding, subscriptions ----
  // Public sign-up, rate limited per source address; the same e-mail again updates its entry.
  { name: 'join-waitlist', domain: 'billing', method: 'POST', path: '/waitlist', access: 'public', uses: ['table'], maxBodyBytes: 4_096 },
  { name: 'list-waitlist', domain: 'billing', method: 'GET', path: '/admin/waitlist', access: 'admin', action: 'account', uses: ['table'] },
  // The onboarding guide's progress: steps marked by the owner, and those found in what they did.
  { name: 'get-onboarding', domain: 'billing', method: 'GET', path: '/onboarding', access: 'user', action: 'account', uses: ['table'] },
  {
    name: 'complete-onboarding-step',
    domain: 'billing',
    method: 'PUT',
    path: '/onboarding/steps/{step}',
    access: 'user',
    action: 'account',
    uses: ['table'],
  },
  // Subscriptions with Stripe: Checkout for the monthly plan, the Customer Portal, and Stripe's events.
  { name: 'create-checkout', domain: 'billing', method: 'POST', path: '/billing/checkout', access: 'user', action: 'account', uses: ['table', 'site', 'stripe'] },
  { name: 'create-portal-session', domain: 'billing', method: 'POST', path: '/billing/portal', access: 'user', action: 'account', uses: ['table', 'site', 'stripe'] },
  // Public for Stripe; the handler verifies Stripe's signature on the raw body.
  {
    name: 'stripe-webhook',
    domain: 'billing',
    method: 'POST',
    path: '/billing/webhook',
    access: 'public',
    uses: ['table', 'stripe'],
    maxBodyBytes: 262_144,
  },
  // ---- Deployment Center (issue 13): the website channel and its domain allow-list, where the widget runs ----
  { name: 'get-deployment', domain: 'channels', method: 'GET', path: '/chatbots/{id}/deployment', access: 'user', action: 'read', uses: ['table'] },
  {
    name: 'update-website-channel',
    domain: 'channels',
    method: 'PUT',
    path: '/chatbots/{id}/website-channel',
    access: 'user',
    action: 'edit',
    uses: ['table'],
  },
  // WhatsApp, Messenger, Instagram: connected with Meta's credentials (sealed, never answered), after the
  // Graph API test passes and only from the spec's training quality (80%).
  {
    name: 'connect-channel',
    domain: 'channels',
    method: 'PUT',
    path: '/chatbots/{id}/channels/{platform}',
    access: 'user',
    action: 'edit',
    uses: ['table', 'channelCredentials'],
    maxBodyBytes: 8_192,
  },
  {
    name: 'disconnect-channel',
    domain: 'channels',
    method: 'DELETE',
    path: '/chatbots/{id}/channels/{platform}',
    access: 'user',
    action: 'edit',
    uses: ['table'],
  },
  // Meta's webhooks, one address per connected channel: POST (signed messages and statuses, handed on to
  // process-channel-webhook) and GET (the verification handshake) are one function. POST comes first:
  // its body limit is the function's.
  {
    name: 'channel-webhook',
    domain: 'channels',
    method: 'POST',
    path: '/webhooks/{platform}/{connectionId}',
    access: 'public',
    uses: ['table', 'channelCredentials', 'channelProcessor'],
    maxBodyBytes: 196_608,
  },
  { name: 'channel-webhook', domain: 'channels', method: 'GET', path: '/webhooks/{platform}/{connectionId}', access: 'public', uses: ['table'] },
  // Spec 001's name and body (channelId, chatbotId, config): the assistant is named in the body.
  {
    name: 'test-channel-connection',
    domain: 'channels',
    method: 'POST',
    path: '/test-channel-connection',
    access: 'user',
    action: 'edit',
    uses: ['table', 'channelCredentials'],
    maxBodyBytes: 8_192,
  },
  // Workflow automation (spec 001 /dashboard/workflows): an assistant's workflows and their execution history.
  { name: 'list-workflows', domain: 'workflows', method: 'GET', path: '/chatbots/{id}/workflows', access: 'user', action: 'read', uses: ['table'] },
  { name: 'create-workflow', domain: 'workflows', method: 'POST', path: '/chatbots/{id}/workflows', access: 'user', action: 'edit', uses: ['table', 'workflowScheduler'] },
  {
    name: 'update-workflow',
    domain: 'workflows',
    method: 'PUT',
    path: '/chatbots/{id}/workflows/{workflowId}',
    access: 'user', action: 'edit',
    uses: ['table', 'workflowScheduler'],
  },
  {
    name: 'set-workflow-active',
    domain: 'workflows',
    method: 'PUT',
    path: '/chatbots/{id}/workflows/{workflowId}/active',
    access: 'user', action: 'edit',
    uses: ['table', 'workflowScheduler'],
  },
  {
    name: 'delete-workflow',
    domain: 'workflows',
    method: 'DELETE',
    path: '/chatbots/{id}/workflows/{workflowId}',
    access: 'user', action: 'edit',
    uses: ['table', 'workflowScheduler'],
  },
  // 'Run test': runs the workflow now with sample data on the state machine; the history shows the execution.
  {
    name: 'run-workflow-test',
    domain: 'workflows',
    method: 'POST',
    path: '/chatbots/{id}/workflows/{workflowId}/test',
    access: 'user',
    action: 'edit',
    uses: ['table', 'workflowRunner'],
    maxBodyBytes: 16_384,
  },
  {
    name: 'list-workflow-executions',
    domain: 'workflows',
    method: 'GET',
    path: '/chatbots/{id}/workflow-executions',
    access: 'user', action: 'read',
    uses: ['table'],
  },
  // Inbox (spec 001 /conversations and /dashboard/contacts): the conversations of the caller's assistants.
  // Reading is a member's right; answering and editing the customer's details an editor's; deleting an admin's.
  { name: 'list-conversations', domain: 'inbox', method: 'GET', path: '/conversations', access: 'user', action: 'read', uses: ['table'] },
  // The tags workflows gave the contacts of the inbox's assistants: what its list can be filtered by.
  { name: 'list-conversation-tags', domain: 'inbox', method: 'GET', path: '/conversation-tags', access: 'user', action: 'read', uses: ['table'] },
  { name: 'get-conversation', domain: 'inbox', method: 'GET', path: '/conversations/{id}', access: 'user', action: 'read', uses: ['table'] },
  { name: 'update-conversation', domain: 'inbox', method: 'PATCH', path: '/conversations/{id}', access: 'user', action: 'edit', uses: ['table'] },
  { name: 'delete-conversation', domain: 'inbox', method: 'DELETE', path: '/conversations/{id}', access: 'user', action: 'manage', uses: ['table'] },
  {
    name: 'send-owner-reply',
    domain: 'inbox',
    method: 'POST',
    path: '/conversations/{id}/messages',
    access: 'user',
    action: 'edit',
    // Replies on WhatsApp, Messenger and Instagram conversations go out through the Graph API.
    uses: ['table', 'realtime', 'channelCredentials'],
    maxBodyBytes: 16_384,
  },
  // Human takeover: a person takes the conversation over, hands it back to the assistant or resolves it.
  {
    name: 'set-conversation-status',
    domain: 'inbox',
    method: 'PUT',
    path: '/conversations/{id}/status',
    access: 'user',
    action: 'edit',
    // A WhatsApp, Messenger or Instagram customer is told who joined (or that the assistant answers again) through the Graph API.
    uses: ['table', 'realtime', 'channelCredentials'],
  },
  // Tasks workflows made for the conversation's contact (create_task), listed and closed in the customer panel.
  { name: 'list-contact-tasks', domain: 'inbox', method: 'GET', path: '/conversations/{id}/tasks', access: 'user', action: 'read', uses: ['table'] },
  {
    name: 'close-contact-task',
    domain: 'inbox',
    method: 'POST',
    path: '/conversations/{id}/tasks/{taskId}/close',
    access: 'user',
    action: 'edit',
    uses: ['table'],
  },
  // Agent Transfers (spec 001 /dashboard/transfers): settings the chat engine obeys, and the last 20 transfers.
  {
    name: 'get-transfer-settings',
    domain: 'inbox',
    method: 'GET',
    path: '/chatbots/{id}/transfer-settings',
    access: 'user',
    action: 'read',
    uses: ['table'],
  },
  {
    name: 'update-transfer-settings',
    domain: 'inbox',
    method: 'PUT',
    path: '/chatbots/{id}/transfer-settings',
    access: 'user',
    action: 'edit',
    uses: ['table'],
  },
  { name: 'list-agent-transfers', domain: 'inbox', method: 'GET', path: '/chatbots/{id}/transfers', access: 'user', action: 'read', uses: ['table'] },
  // Teams (issue 12): the team named by {id} is authorized by its member's role (core/access/authorize.ts).
  { name: 'list-teams', domain: 'teams', method: 'GET', path: '/teams', access: 'user', action: 'account', uses: ['table'] },
  { name: 'create-team', domain: 'teams', method: 'POST', path: '/teams', access: 'user', action: 'account', uses: ['table'] },
  { name: 'list-team-members', domain: 'teams', method: 'GET', path: '/teams/{id}/members', access: 'user', action: 'read', uses: ['table'] },
  {
    name: 'update-team-member-role',
    domain: 'teams',
    method: 'PATCH',
    path: '/teams/{id}/members/{userId}',
    access: 'user',
    action: 'manage',
    uses: ['table'],
  },
  {
    name: 'remove-team-member',
    domain: 'teams',
    method: 'DELETE',
    path: '/teams/{id}/members/{userId}',
    access: 'user',
    action: 'manage',
    uses: ['table'],
  },
  { name: 'list-team-invitations', domain: 'teams', method: 'GET', path: '/teams/{id}/invitations', access: 'user', action: 'read', uses: ['table'] },
  // E-mails the invited address a link to the dashboard's invitation page (SES; locally its stand-in).
  {
    name: 'invite-team-member',
    domain: 'teams',
    method: 'POST',
    path: '/teams/{id}/invitations',
    access: 'user',
    action: 'manage',
    uses: ['table', 'site', 'mail'],
  },
  {
    name: 'cancel-team-invitation',
    domain: 'teams',
    method: 'DELETE',
    path: '/teams/{id}/invitations/{invitationId}',
    access: 'user',
    action: 'manage',
    uses: ['table'],
  },
  { name: 'list-team-chatbots', domain: 'teams', method: 'GET', path: '/teams/{id}/chatbots', access: 'user', action: 'read', uses: ['table', 'site'] },
  // Only the assistant's owner shares it with a team (or with none).
  { name: 'set-chatbot-team', domain: 'teams', method: 'PUT', path: '/chatbots/{id}/team', access: 'user', action: 'own', uses: ['table', 'site'] },
  // The invited person's own: bound to the address the invitation was sent to.
  { name: 'get-invitation', domain: 'teams', method: 'GET', path: '/invitations/{id}', access: 'user', action: 'account', uses: ['table'] },
  { name: 'accept-invitation', domain: 'teams', method: 'POST', path: '/invitations/{id}/accept', access: 'user', action: 'account', uses: ['table'] },
  // ---- Analytics (issue 17): figures from the hourly rollups the chat, feedback, training and demo writes add to ----
  {
    name: 'analyze-chatbot-performance',
    domain: 'analytics',
    method: 'GET',
    path: '/chatbots/{id}/analytics',
    access: 'user',
    action: 'read',
    uses: ['table'],
  },
  // Account settings: the business name (profile and Cognito), and deleting the account with all its data.
  { name: 'update-account', domain: 'billing', method: 'PATCH', path: '/account', access: 'user', action: 'account', uses: ['table', 'userDirectory'] },
  // The person's own avatar (Settings > Profile), shown to visitors on their replies: uploaded like an
  // assistant's, then set; only their own last upload can be (core/accounts/profile-avatar.ts).
  {
    name: 'create-profile-avatar-upload',
    domain: 'billing',
    method: 'POST',
    path: '/account/avatar/upload-url',
    access: 'user', action: 'account',
    uses: ['table', 'avatars', 'site'],
  },
  { name: 'set-profile-avatar', domain: 'billing', method: 'PUT', path: '/account/avatar', access: 'user', action: 'account', uses: ['table', 'avatars', 'site'] },
  {
    name: 'delete-account',
    domain: 'billing',
    method: 'DELETE',
    path: '/account',
    access: 'user',
    action: 'account',
    // workflowScheduler, crawlScheduler: the schedules of the assistants' time-based workflows and re-syncs are deleted with them.
    uses: ['table', 'documents', 'avatars', 'site', 'stripe', 'userDirectory', 'workflowScheduler', 'crawlScheduler'],
    timeoutSeconds: 29,
  },
] as const satisfies readonly HttpRoute[];

/**
 * Functions invoked asynchronously (Lambda `InvocationType: Event`), never behind the 30 s API limit.
 * Callers find them through their resource (env CHANNEL_PROCESSOR_FUNCTION_NAME plus invoke permission).
 */
export interface AsyncFunction {
  readonly name: string;
  readonly uses: readonly Resource[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

export const asyncFunctions = [
  // A webhook call's messages through the chat engine, answers sent with the Graph API (issue 13); site and
  // mail: a customer asking for a person e-mails the agents the conversation's link (core/transfers/transfer-mail.ts);
  // workflowRunner: a customer's message starts the workflows it triggers, as on the website.
  {
    name: 'process-channel-webhook',
    uses: ['table', 'documents', 'providers', 'channelCredentials', 'realtime', 'site', 'mail', 'workflowRunner'],
    timeoutSeconds: 120,
    memoryMb: 1024,
  },
  // An owner's knowledge change (entries, documents, FAQs): re-indexes the assistants it touches (only the
  // changed documents' chunks) and recomputes their training quality, coalescing bursts
  // (core/knowledge/knowledge-updates.ts). providers: embeddings. 900 s: an index of 2,000 pages rewritten whole.
  { name: 'reindex-knowledge', uses: ['table', 'documents', 'providers'], timeoutSeconds: 900, memoryMb: 1024 },
] as const satisfies readonly AsyncFunction[];

/**
 * Functions the table's stream invokes (a Lambda event source mapping; locally local/services/table-stream.ts
 * polls the same stream and invokes them with the same events). `filter`: the mapping's filter criteria
 * (an event pattern on the stream record), which the local poller applies too. `count-chat-messages` adds
 * the messages of visitors' turns to the analytics counters (core/analytics/stream-counting.ts).
 * `uses` gives a consumer its environment only: its grants, narrower than the uses' (reading and
 * updating items, no more), are in lib/constructs/message-counting.ts.
 */
export interface StreamConsumer {
  readonly name: string;
  readonly uses: readonly Resource[];
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly batchSize: number;
  /** How long records are gathered before the function is invoked (unless a batch fills first). */
  readonly batchingWindowSeconds: number;
  readonly filter: Readonly<Record<string, unknown>>;
}

export const streamConsumers = [
  {
    name: 'count-chat-messages',
    uses: ['table'],
    timeoutSeconds: 60,
    memoryMb: 512,
    batchSize: 500,
    // Counters a second late are fine (the Analytics screen is not live); a second of turns is one write.
    batchingWindowSeconds: 1,
    // Inserted messages carrying their counts (core/analytics/message-counts.ts): nothing else wakes the function.
    filter: { eventName: ['INSERT'], dynamodb: { NewImage: { counts: { M: { kind: { S: [{ exists: true }] } } } } } },
  },
] as const satisfies readonly StreamConsumer[];

/**
 * Functions the workflow state machine (workflows/run-workflow.asl.json) invokes as its tasks, never
 * API Gateway; lib/constructs/workflow-engine.ts creates them with the state machine. `run-workflow-action`
 * performs one action of an execution, or records how the execution ended. It also sends texts (AWS End
 * User Messaging SMS), a grant the workflow engine adds itself: no other function sends texts.
 */
export const stateMachineTasks = [
  // The crawl state machine (workflows/crawl-site.asl.json): begin, plan a round, read a batch, finish (commit,
  // re-index the changed pages: providers for embeddings), fail. 900 s: Finish re-indexes up to 2,000 pages.
  { name: 'crawl-step', uses: ['table', 'documents', 'providers'], timeoutSeconds: 900, memoryMb: 1024 },
  // realtime: an agent transfer's escalation timeout tells the visitor's open widget (core/transfers/escalation-timer.ts),
  // and a workflow's send_message reaches it live; channelCredentials: send_message reaches a channel customer.
  { name: 'run-workflow-action', uses: ['table', 'mail', 'realtime', 'channelCredentials'], timeoutSeconds: 30, memoryMb: 512 },
] as const satisfies readonly AsyncFunction[];

/** Serves every request that matches no route, so unknown paths get a JSON 404 like every other error. */
export const fallbackRoute = { name: 'not-found', uses: [] } as const;

export interface SocketRoute {
  readonly routeKey: '$connect' | '$disconnect' | '$default';
  readonly name: string;
  /** Whose nested stack holds the function and the route (the `$connect` one also holds the authorizer). */
  readonly domain: Domain;
  readonly uses: readonly Resource[];
  readonly timeoutSeconds?: number;
}

export const socketRoutes = [
  { routeKey: '$connect', name: 'realtime-connect', domain: 'voice', uses: ['table'] },
  { routeKey: '$disconnect', name: 'realtime-disconnect', domain: 'voice', uses: ['table'] },
  // Handles voice turns through the chat engine (knowledge index, providers); API Gateway's WebSocket integration limit is 29 s.
  { routeKey: '$default', name: 'realtime-default', domain: 'voice', uses: ['table', 'realtime', 'documents', 'providers'], timeoutSeconds: 29 },
] as const satisfies readonly SocketRoute[];

/** Lambda REQUEST authorizer of the WebSocket `$connect` route; the token travels as `?token=`. */
export const socketAuthorizer = {
  name: 'realtime-authorizer',
  identitySource: 'token',
  // visitorTokens: the key that signs create-realtime-session's voice session tokens.
  uses: ['userPool', 'visitorTokens'],
} as const;

/** Cognito user pool triggers. Locally cognito-local calls them through the Lambda Invoke API. */
export const cognitoTriggers = { PreSignUp: 'pre-sign-up' } as const;
export const cognitoTriggerUses: readonly Resource[] = [];

export type FunctionName =
  | (typeof httpRoutes)[number]['name']
  | (typeof asyncFunctions)[number]['name']
  | (typeof streamConsumers)[number]['name']
  | (typeof stateMachineTasks)[number]['name']
  | typeof fallbackRoute.name
  | (typeof socketRoutes)[number]['name']
  | typeof socketAuthorizer.name
  | (typeof cognitoTriggers)[keyof typeof cognitoTriggers];

// Marked pure so that a function's bundle, which reads only its own routes (functions/core/http/route-table.ts), leaves the table out.
export const allFunctionNames: readonly FunctionName[] = /* @__PURE__ */ (() => [
  ...httpRoutes.map((r) => r.name),
  ...asyncFunctions.map((f) => f.name),
  ...streamConsumers.map((f) => f.name),
  ...stateMachineTasks.map((f) => f.name),
  fallbackRoute.name,
  ...socketRoutes.map((r) => r.name),
  socketAuthorizer.name,
  ...Object.values(cognitoTriggers),
])();

/** Source file of a named function, relative to the repository root. */
export const functionEntry = (name: FunctionName): string => `functions/${name}/handler.ts`;
