import { createHmac } from 'node:crypto';
import { CrawlRefusedError, FetchFailedError } from '../../crawl/crawl-errors.js';
import { allowPrivateNetworkFromEnv } from '../../crawl/network-policy.js';
import { safeFetch } from '../../crawl/safe-fetch.js';
import { db } from '../../data/db.js';
import { ActionFailedError, TransientActionError } from '../action-errors.js';
import type { ActionContext } from './action-context.js';

export const WEBHOOK_SIGNATURE_HEADER = 'x-assistly-signature';
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Answers worth another try: the receiver is busy or down for a moment. */
const RETRIED_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Network failures worth another try; a TLS or DNS failure stays one. */
const RETRIED_NETWORK = /refused|reset|did not answer|timed out|socket hang up/i;

/** `sha256=` + the HMAC-SHA256 of the exact body with the workflow's secret, as the receiver recomputes it. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * webhook: POSTs JSON to the owner's https address through the crawler's SSRF-safe fetch (public
 * addresses only, checked at connection time; no redirects), signed with the workflow's secret.
 */
export async function webhookAction(config: { url: string }, { execution, trigger, now }: ActionContext): Promise<string> {
  const { data: workflow } = await db().entities.workflow.get({ chatbot_id: execution.chatbot_id, workflow_id: execution.workflow_id }).go();
  if (!workflow) throw new ActionFailedError('The workflow was deleted, so its webhook has no signing secret');
  const body = JSON.stringify({
    event: 'workflow.webhook',
    workflow: { id: workflow.workflow_id, name: workflow.name },
    execution_id: execution.execution_id,
    test: trigger.source === 'test',
    trigger,
    sent_at: now.toISOString(),
  });
  let status: number;
  try {
    ({ status } = await safeFetch(config.url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(workflow.webhook_secret, body) },
      allowPrivateNetwork: allowPrivateNetworkFromEnv(),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      userAgent: 'Assistly-Webhook/1.0',
    }));
  } catch (error) {
    if (error instanceof CrawlRefusedError) throw new ActionFailedError(error.message.replace('Refused to fetch', 'Refused to call'));
    if (error instanceof FetchFailedError) {
      const message = `The webhook ${config.url} could not be reached: ${error.summary}`;
      throw RETRIED_NETWORK.test(error.summary) ? new TransientActionError(message) : new ActionFailedError(message);
    }
    throw error;
  }
  if (status >= 200 && status < 300) return `Webhook answered ${status}`;
  const message = `The webhook ${config.url} answered ${status}`;
  throw RETRIED_STATUSES.has(status) ? new TransientActionError(message) : new ActionFailedError(message);
}
