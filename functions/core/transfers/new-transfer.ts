import { startEscalationTimer } from './escalation-timer.js';
import { notifyAgentsByMail, type TransferNotice } from './transfer-mail.js';

/**
 * A new transfer, on the website or a messaging channel: the agents are e-mailed and its escalation
 * timer starts (a Step Functions Wait). Both are best effort and never fail the customer's turn.
 */
export async function announceNewTransfer(notice: TransferNotice): Promise<void> {
  await Promise.all([notifyAgentsByMail(notice), startEscalationTimer(notice)]);
}
