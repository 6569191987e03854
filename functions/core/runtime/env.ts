import type { Resource } from '../../../lib/routes.js';

/**
 * Environment variables a function reads, by the resource it uses (lib/routes.ts `uses`).
 * CDK sets them together with the grant; the local runtime sets them for in-process handlers.
 */
export const resourceEnv = {
  table: ['TABLE_NAME'],
  avatars: ['AVATARS_BUCKET'],
  documents: ['DOCUMENTS_BUCKET'],
  realtime: ['REALTIME_ENDPOINT'],
  userPool: ['USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'TOKEN_ISSUER'],
  /** Public origin of the dashboard (CloudFront): embed code, avatar URLs. */
  site: ['PUBLIC_SITE_URL'],
  /** The crawl state machine (workflows/crawl-site.asl.json) readings of a website are started on. */
  crawler: ['CRAWL_STATE_MACHINE_ARN'],
  /** EventBridge Scheduler: the role re-sync schedules start the crawl state machine with, and that state machine. */
  crawlScheduler: ['CRAWL_SCHEDULER_ROLE_ARN', 'CRAWL_SCHEDULE_TARGET_ARN'],
  /** Secrets Manager secret with the AI provider keys (read once per cold start). */
  providers: ['PROVIDER_SECRET_NAME'],
  /** Secrets Manager secret CDK generates to sign visitor tokens (locally VISITOR_TOKEN_SECRET holds the value). */
  visitorTokens: ['VISITOR_SECRET_NAME'],
  /** Secrets Manager secret with the Stripe keys (core/billing/stripe-client.ts), read once per cold start. */
  stripe: ['STRIPE_SECRET_NAME'],
  /** The verified SES identity (an address) e-mail is sent from. */
  mail: ['MAIL_FROM'],
  /** The user pool whose users the function may update or delete (the caller's own, by account settings). */
  userDirectory: ['ACCOUNT_USER_POOL_ID'],
  /** The workflow state machine (workflows/run-workflow.asl.json) executions are started on. */
  workflowRunner: ['WORKFLOW_STATE_MACHINE_ARN'],
  /**
   * Secrets Manager secret CDK generates, the key that seals channel credentials (locally
   * CHANNEL_CREDENTIALS_KEY holds the value), and Meta's Graph API base URL (locally its stand-in).
   */
  channelCredentials: ['CHANNEL_KEY_SECRET_NAME', 'GRAPH_API_URL'],
  /** Name of the process-channel-webhook function, invoked asynchronously. */
  channelProcessor: ['CHANNEL_PROCESSOR_FUNCTION_NAME'],
  /** Name of the reindex-knowledge function, invoked asynchronously after a knowledge change. */
  knowledgeIndexer: ['KNOWLEDGE_INDEXER_FUNCTION_NAME'],
  /** EventBridge Scheduler: the role time-based workflows' schedules start the state machine with, and that state machine. */
  workflowScheduler: ['WORKFLOW_SCHEDULER_ROLE_ARN', 'WORKFLOW_SCHEDULE_TARGET_ARN'],
} as const satisfies Record<Resource, readonly string[]>;

export type EnvName = (typeof resourceEnv)[Resource][number];

export function requireEnv(name: EnvName): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
