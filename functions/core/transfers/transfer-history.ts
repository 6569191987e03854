import { LISTED_AGENT_TRANSFERS, type AgentTransfer } from '../../contracts/transfers.js';
import { db } from '../data/db.js';

/** Spec 001 section 7: the assistant's agent transfers, newest first, the last 20. */
export async function listAgentTransfers(chatbotId: string, limit = LISTED_AGENT_TRANSFERS): Promise<AgentTransfer[]> {
  const { data } = await db().entities.agentTransfer.query.byChatbot({ chatbot_id: chatbotId }).go({ order: 'desc', count: limit });
  return data.map((stored) => ({
    id: stored.transfer_id,
    chatbot_id: stored.chatbot_id,
    conversation_id: stored.conversation_id,
    status: stored.status,
    trigger_reason: stored.trigger_reason,
    agent_email: stored.agent_email ?? null,
    transferred_at: stored.transferred_at,
  }));
}
