import { randomUUID } from 'node:crypto';
import { db } from '../data/db.js';

/** The first escalation trigger phrase the visitor's message contains (case-insensitive), if any. */
export function matchedEscalationTrigger(message: string, triggers: readonly string[]): string | undefined {
  const text = ` ${message.toLowerCase().replace(/\s+/g, ' ')} `;
  return triggers.find((trigger) => trigger.trim() && text.includes(trigger.trim().toLowerCase()));
}

/** Spec 001 transfer_settings default fallback message. */
export const TRANSFER_MESSAGE = 'Let me connect you with a human agent who can better assist you.';

/** Asked instead of handing over at once when the owner wants the visitor to confirm (requireConfirmation). */
export const HANDOFF_CONFIRMATION_QUESTION = 'Would you like me to connect you with a member of our team?';

/** Records a pending request for a human agent on this conversation (spec 001 agent_transfer). */
export async function requestAgentTransfer(chatbotId: string, conversationId: string, reason: string, now: Date): Promise<void> {
  await db()
    .entities.agentTransfer.create({
      chatbot_id: chatbotId,
      transfer_id: randomUUID(),
      conversation_id: conversationId,
      status: 'pending',
      trigger_reason: reason,
      transferred_at: now.toISOString(),
    })
    .go();
}
