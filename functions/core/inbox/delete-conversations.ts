import type { Caller } from '../access/authorize.js';
import { moveVisitorActivity } from '../analytics/active-visitors.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { deleteAll } from '../data/delete-all.js';
import type { StoredConversation } from './inbox-record.js';
import { conversationFor } from './conversation-access.js';

/**
 * Deletes conversations with their messages, and the visitors' pointers to them (so a returning visitor
 * starts a new conversation rather than continuing a deleted one); a deleted visitor leaves the active
 * users' count, unless the whole assistant goes (its counts go with it).
 */
async function deleteConversations(
  conversations: Pick<StoredConversation, 'conversation_id' | 'chatbot_id' | 'contact_id'>[],
  assistantStays = true,
): Promise<void> {
  const { entities } = db();
  for (const conversation of conversations) {
    const { data: messages } = await entities.message.query
      .byConversation({ conversation_id: conversation.conversation_id })
      .go({ pages: 'all', attributes: ['conversation_id', 'created_at', 'message_id'] });
    await deleteAll('messages', messages, (keys) => entities.message.delete(keys).go());
    await entities.visitor
      .delete({ chatbot_id: conversation.chatbot_id, contact_id: conversation.contact_id })
      .where((attr, op) => op.eq(attr.conversation_id, conversation.conversation_id))
      .go({ response: 'all_old' })
      .then(async ({ data }) => {
        if (assistantStays) await moveVisitorActivity(conversation.chatbot_id, conversation.contact_id, data?.active_hour, undefined);
      })
      .catch((error: unknown) => {
        // The visitor went on to another conversation meanwhile: theirs stays.
        if (!isConditionalFailure(error)) throw error;
      });
  }
  await deleteAll('conversations', conversations.map((c) => ({ conversation_id: c.conversation_id })), (keys) =>
    entities.conversation.delete(keys).go(),
  );
}

/** DELETE /conversations/{id}: the owner deletes one conversation. */
export async function deleteConversation(caller: Caller, conversationId: string): Promise<void> {
  const { conversation } = await conversationFor(caller, conversationId);
  await deleteConversations([conversation]);
}

/** Every conversation of an assistant, with its messages: they go with the assistant. */
export async function deleteConversationsOfChatbot(chatbotId: string): Promise<void> {
  const { data } = await db()
    .entities.conversation.query.byChatbot({ chatbot_id: chatbotId })
    .go({ pages: 'all', attributes: ['conversation_id', 'chatbot_id', 'contact_id'] });
  await deleteConversations(data, false);
}
