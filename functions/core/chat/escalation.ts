import { randomUUID } from 'node:crypto';
import type { ConversationSettings } from '../../contracts/chatbot.js';
import type { TransferSettings } from '../../contracts/transfers.js';
import { db } from '../data/db.js';
import { awayMessage, nextAgentHours } from '../transfers/availability.js';

/** The first escalation trigger phrase the visitor's message contains (case-insensitive), if any. */
export function matchedEscalationTrigger(message: string, triggers: readonly string[]): string | undefined {
  const text = ` ${message.toLowerCase().replace(/\s+/g, ' ')} `;
  return triggers.find((trigger) => trigger.trim() && text.includes(trigger.trim().toLowerCase()));
}

/** The first keyword the message holds as a whole word or phrase ('help' matches "help me", not "helpful"). */
export function matchedKeyword(message: string, keywords: readonly string[]): string | undefined {
  const words = ` ${message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return keywords.find((keyword) => {
    const phrase = keyword.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    return phrase !== '' && words.includes(` ${phrase} `);
  });
}

/**
 * Why this message asks for a person, if it does: an escalation trigger of Conversation Controls
 * (while handoff is on there), or, while Agent Transfers are enabled, one of their trigger phrases
 * or auto-transfer keywords. The reason is what Transfer History shows.
 */
export function handoffReason(
  message: string,
  controls: Pick<ConversationSettings, 'handoffEnabled' | 'escalationTriggers'>,
  transfers: Pick<TransferSettings, 'enabled' | 'triggers' | 'auto_transfer_keywords'>,
): string | undefined {
  const escalation = controls.handoffEnabled ? matchedEscalationTrigger(message, controls.escalationTriggers) : undefined;
  if (escalation) return `Escalation trigger: "${escalation}"`;
  if (!transfers.enabled) return undefined;
  const phrase = matchedEscalationTrigger(message, transfers.triggers);
  if (phrase) return `Transfer trigger: "${phrase}"`;
  const keyword = matchedKeyword(message, transfers.auto_transfer_keywords);
  return keyword ? `Auto-transfer keyword: "${keyword}"` : undefined;
}

/** Asked instead of handing over at once when the owner wants the visitor to confirm (requireConfirmation). */
export const HANDOFF_CONFIRMATION_QUESTION = 'Would you like me to connect you with a member of our team?';

/** A transfer's key: what its escalation timer finds it by. */
export interface TransferRef {
  chatbot_id: string;
  transfer_id: string;
  transferred_at: string;
}

/** Records a pending request for a human agent on this conversation (spec 001 agent_transfer). */
export async function requestAgentTransfer(chatbotId: string, conversationId: string, reason: string, now: Date): Promise<TransferRef> {
  const ref = { chatbot_id: chatbotId, transfer_id: randomUUID(), transferred_at: now.toISOString() };
  await db()
    .entities.agentTransfer.create({ ...ref, conversation_id: conversationId, status: 'pending', trigger_reason: reason })
    .go();
  return ref;
}

/**
 * What the visitor is told of their transfer: the owner's message and, while Agent Transfers are
 * enabled (their availability is then the owner's), outside the agents' hours when a person is back.
 */
export function transferAnswer(transfers: TransferSettings, now: Date): string {
  const back = transfers.enabled ? nextAgentHours(transfers, now) : undefined;
  return back ? `${transfers.fallback_message} ${awayMessage(back)}` : transfers.fallback_message;
}
