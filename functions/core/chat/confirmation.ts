import type { ChatRequest } from '../../contracts/chat.js';
import { db } from '../data/db.js';
import { isConditionalFailure } from '../data/conditional-failure.js';

export type ConfirmationAnswer = NonNullable<ChatRequest['confirm']>;

/** Enough of the conversation's tail to find its latest reply behind visitor messages that got none (provider failures). */
const TAIL = 10;

/**
 * Records the visitor's answer to the conversation's open confirmation question and says whether it
 * counted: only when the latest assistant reply before `before` asked and is still unanswered. The
 * answer is written once, under a condition, so a repeated or concurrent answer does not count again.
 */
export async function answerOpenConfirmation(conversationId: string, answer: ConfirmationAnswer, before: string): Promise<boolean> {
  const { data } = await db()
    .entities.message.query.byConversation({ conversation_id: conversationId })
    .lt({ created_at: before })
    .go({ order: 'desc', limit: TAIL });
  const reply = data.find((m) => m.sender_type === 'assistant');
  if (!reply?.confirmation || reply.confirmation_answer) return false;
  try {
    await db()
      .entities.message.patch({ conversation_id: conversationId, created_at: reply.created_at, message_id: reply.message_id })
      .set({ confirmation_answer: answer })
      .where((attr, op) => op.notExists(attr.confirmation_answer))
      .go();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
