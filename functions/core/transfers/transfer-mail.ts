import type { TransferRef } from '../chat/escalation.js';
import { escapeHtml } from '../mail/escape-html.js';
import { sendMail, type Mail } from '../mail/send-mail.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';

/** A new transfer, as the agents are told of it (and its escalation timer started). */
export interface TransferNotice {
  transfer: TransferRef;
  /** While Agent Transfers are enabled: how long a person has to take it (their escalation timeout). */
  escalationTimeoutSeconds?: number;
  agentEmails: readonly string[];
  businessName: string;
  conversationId: string;
  reason: string;
  /** The visitor's message that asked for a person. */
  message: string;
}

/** Where the conversation opens in the inbox (/conversations selects it). */
export const conversationLink = (conversationId: string) =>
  `${requireEnv('PUBLIC_SITE_URL')}/conversations?conversation=${encodeURIComponent(conversationId)}`;

export function transferMail(to: string, notice: TransferNotice, link: string): Mail {
  const subject = `A visitor of ${notice.businessName} is waiting for a person`;
  const text = [
    `A visitor asked to talk to a person (${notice.reason}).`,
    '',
    `Their message: "${notice.message}"`,
    '',
    `Open the conversation and answer: ${link}`,
    '',
    'Replying takes the conversation over: the assistant stops answering until you hand it back or resolve it.',
  ].join('\n');
  const html = `<p>A visitor asked to talk to a person (${escapeHtml(notice.reason)}).</p>
<p>Their message: &ldquo;${escapeHtml(notice.message)}&rdquo;</p>
<p><a href="${escapeHtml(link)}">Open the conversation and answer</a></p>
<p>Replying takes the conversation over: the assistant stops answering until you hand it back or resolve it.</p>`;
  return { to, subject, text, html };
}

/**
 * E-mails every agent address of the transfer settings (SES; locally its stand-in). Best effort: the
 * transfer is recorded and visible in Transfer History whatever the mail service does, so a failure
 * is logged and never fails the visitor's turn.
 */
export async function notifyAgentsByMail(notice: TransferNotice): Promise<void> {
  if (notice.agentEmails.length === 0) return;
  const link = conversationLink(notice.conversationId);
  const sent = await Promise.allSettled(notice.agentEmails.map((to) => sendMail(transferMail(to, notice, link))));
  const failed = sent.filter((result) => result.status === 'rejected');
  if (failed.length) {
    log.error('Transfer e-mails not sent', { conversationId: notice.conversationId, failed: failed.length, of: sent.length, error: String(failed[0]!.reason) });
  }
}
