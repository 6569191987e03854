import { randomUUID } from 'node:crypto';
import { ESCALATION_TIMEOUT_MESSAGE } from '../../contracts/transfers.js';
import { deliverOnChannel } from '../channels/channel-reply.js';
import type { TransferRef } from '../chat/escalation.js';
import { storeReply } from '../chat/conversation-store.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { announceInboxChange } from '../realtime/inbox-updates.js';
import { sendToVisitor } from '../realtime/visitor-replies.js';
import { log } from '../runtime/log.js';
import { startStateMachine } from '../workflows/state-machine.js';
import type { TransferNotice } from './transfer-mail.js';

/**
 * The escalation timeout (issue 11): a new transfer starts the state machine of
 * workflows/run-workflow.asl.json with `{ escalation, wait_seconds }`; its Wait state waits the owner's
 * escalation timeout on AWS (locally on the same definition), then its task runs escalateTransfer.
 */
export interface EscalationInput {
  escalation: TransferRef;
  wait_seconds: number;
}

/**
 * Starts the timer of a transfer made while Agent Transfers are enabled. Best effort: the transfer is
 * recorded and the agents are told already; a timer that cannot start is logged, never the turn's failure.
 */
export async function startEscalationTimer(notice: TransferNotice): Promise<void> {
  if (notice.escalationTimeoutSeconds === undefined) return;
  const input: EscalationInput = { escalation: notice.transfer, wait_seconds: notice.escalationTimeoutSeconds };
  try {
    // Named after the transfer: a retried start is refused by Step Functions rather than run twice.
    await startStateMachine(`transfer-${notice.transfer.transfer_id}`, input);
  } catch (error) {
    log.error('Escalation timer not started', { transferId: notice.transfer.transfer_id, error });
  }
}

export type EscalationOutcome =
  | { escalated: true; conversation_id: string }
  /** Unanswered, but the channel customer could not be told (the 24-hour window closed, the channel is gone, Meta refused). */
  | { escalated: true; conversation_id: string; not_told: string }
  | { escalated: false; reason: string };

/**
 * The timeout has passed: a transfer still pending (nobody took it over, resolved or handed it back)
 * becomes 'unanswered' in Transfer History, and the visitor is told (stored in the conversation, sent
 * to their open widget, the inbox updated). A WhatsApp, Messenger or Instagram customer is told through
 * the Graph API first, while the platform's 24-hour window allows it; a message they did not get is not
 * stored. The status moves under a condition, so a repeated task tells the visitor once.
 */
export async function escalateTransfer(ref: TransferRef, now = new Date()): Promise<EscalationOutcome> {
  const transfers = db().entities.agentTransfer;
  const { data: transfer } = await transfers.get(ref).go({ consistent: true });
  if (!transfer) return { escalated: false, reason: 'gone' };
  if (transfer.status !== 'pending') return { escalated: false, reason: transfer.status };
  try {
    await transfers
      .patch(ref)
      .set({ status: 'unanswered' })
      .where(({ status }, { eq }) => eq(status, 'pending'))
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) return { escalated: false, reason: 'taken meanwhile' };
    throw error;
  }
  const { data: conversation } = await db().entities.conversation.get({ conversation_id: transfer.conversation_id }).go();
  if (!conversation) return { escalated: false, reason: 'conversation gone' };
  const created_at = now.toISOString();
  const message_id = randomUUID();
  const delivery = await deliverOnChannel(conversation, ESCALATION_TIMEOUT_MESSAGE, message_id, now.getTime());
  if (delivery && !delivery.ok) {
    log.warn('Escalation message not sent on the channel', { conversationId: conversation.conversation_id, error: delivery.error });
    await announceInboxChange(conversation.chatbot_id, conversation.conversation_id);
    return { escalated: true, conversation_id: conversation.conversation_id, not_told: delivery.error };
  }
  await storeReply(conversation.conversation_id, conversation.chatbot_id, { sender_type: 'assistant', content: ESCALATION_TIMEOUT_MESSAGE, created_at }, { messageId: message_id });
  await Promise.all([
    sendToVisitor(conversation, { conversation_id: conversation.conversation_id, message_id, content: ESCALATION_TIMEOUT_MESSAGE, created_at }),
    announceInboxChange(conversation.chatbot_id, conversation.conversation_id),
  ]);
  return { escalated: true, conversation_id: conversation.conversation_id };
}
