import type { AgentTransferStatus } from '../../contracts/transfers.js';
import type { ConversationStatus, InboxConversation } from '../../contracts/inbox.js';
import type { Caller } from '../access/authorize.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import { toInboxConversation } from '../inbox/inbox-record.js';
import { conversationFor } from '../inbox/conversation-access.js';
import { personShown } from '../inbox/person-shown.js';
import { announceHandedBack, announcePersonJoined, takeoverChange } from '../inbox/takeover-events.js';
import { announceInboxChange } from '../realtime/inbox-updates.js';

/**
 * Human takeover (issue 11). A conversation is answered by the assistant while 'active' or 'resolved'
 * and by a person while 'in_progress': the owner replied, or took it over (accepting its transfer).
 * Its transfers follow: pending -> in_progress when a person takes it, -> resolved when the person
 * resolves it or hands it back to the assistant (their part is done either way).
 */

/**
 * The conversation status in which a person answers the visitor: the assistant then stores the
 * visitor's messages and stays quiet (chat/conversation-store.ts reads it with the turn's first reads).
 */
export const PERSON_ANSWERING: ConversationStatus = 'in_progress';

/** The transfer statuses that move when the conversation goes to `status`, and to what. */
const TRANSFER_MOVES: Record<ConversationStatus, { from: readonly string[]; to: AgentTransferStatus }> = {
  in_progress: { from: ['pending', 'unanswered'], to: 'in_progress' },
  active: { from: ['pending', 'in_progress', 'unanswered'], to: 'resolved' },
  resolved: { from: ['pending', 'in_progress', 'unanswered'], to: 'resolved' },
};

/** Moves the conversation's open transfers along with it; the person taking one over is named on it. */
export async function moveTransfers(conversationId: string, status: ConversationStatus, agentEmail: string): Promise<void> {
  const move = TRANSFER_MOVES[status];
  const { data } = await db().entities.agentTransfer.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' });
  await Promise.all(
    data
      .filter((transfer) => move.from.includes(transfer.status))
      .map((transfer) =>
        db()
          .entities.agentTransfer.patch({ chatbot_id: transfer.chatbot_id, transferred_at: transfer.transferred_at, transfer_id: transfer.transfer_id })
          .set({ status: move.to, ...(move.to === 'in_progress' && agentEmail && { agent_email: agentEmail }) })
          .go(),
      ),
  );
}

/**
 * PUT /conversations/{id}/status: take over ('in_progress'), hand back to the assistant ('active') or
 * resolve ('resolved'); the visitor is told who joined, or that the assistant answers again
 * (core/inbox/takeover-events.ts). Setting the status it has already changes nothing.
 */
export async function setConversationStatus(
  caller: Caller,
  conversationId: string,
  status: ConversationStatus,
  now = new Date(),
): Promise<InboxConversation> {
  const { conversation, chatbot } = await conversationFor(caller, conversationId);
  const change = takeoverChange(conversation, status, caller.userId, now);
  const person = change === 'joined' ? await personShown(caller.userId, caller.email) : undefined;
  const patch = db().entities.conversation.patch({ conversation_id: conversationId });
  // The person answering is named on it; whatever the change, no transfer waits any more.
  const { data } = await (status === PERSON_ANSWERING
    ? patch.set({ status, answered_by: caller.userId }).remove(['transfer_waiting_until'])
    : patch.set({ status }).remove(['answered_by', 'transfer_waiting_until'])
  )
    .go({ response: 'all_new' })
    .catch((error: unknown) => {
      // Deleted meanwhile: the same answer as an unknown id.
      throw isConditionalFailure(error) ? notFound('Conversation not found') : error;
    });
  await moveTransfers(conversationId, status, caller.email);
  // The visitor sees who joined, or that the assistant answers again.
  if (person) await announcePersonJoined(conversation, chatbot.business_name, person, now);
  if (change === 'handed_back') await announceHandedBack(conversation, now);
  await announceInboxChange(conversation.chatbot_id, conversationId);
  return toInboxConversation(data, chatbot.business_name);
}
