import type { RateChatMessageRequest } from '../../contracts/chat.js';
import { recordFeedback } from '../analytics/feedback-analytics.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError, notFound } from '../http/http-error.js';
import { conversationSettingsOf } from './bot-settings.js';
import { enforcePublicLimits } from './rate-limit.js';
import { verifyVisitorToken } from './visitor-token.js';
import { activeTriggers, workflowTriggers } from '../workflows/chat-triggers.js';
import { matchTriggers } from '../workflows/triggers.js';

const NOT_FOUND = 'This reply was not found in your conversation';
/** Ratings per minute: per source address and per assistant. */
export const FEEDBACK_LIMITS = { perSource: 30, perAssistant: 600 };

/**
 * rate-chat-message: stores a visitor's thumbs up or down on one assistant reply. Only the token
 * holder's own conversation with that assistant counts (anything else is 404, so ids cannot be probed), and
 * only while the owner collects feedback. A second rating replaces the first.
 */
export async function rateChatMessage(request: RateChatMessageRequest, sourceIp: string) {
  const { contactId } = await verifyVisitorToken(request.visitorToken, request.chatbotId);
  const [{ data: bot }, { data: conversation }, workflows] = await Promise.all([
    db().entities.chatbot.get({ chatbot_id: request.chatbotId }).go(),
    db().entities.conversation.get({ conversation_id: request.conversationId }).go(),
    // Only a thumbs down can trigger (negative feedback).
    request.rating === 'down' ? activeTriggers(request.chatbotId).catch(() => []) : [],
    enforcePublicLimits('feedback', request.chatbotId, sourceIp, FEEDBACK_LIMITS),
  ]);
  if (!bot || bot.is_active === false) throw notFound('This assistant is not available');
  if (!conversationSettingsOf(bot).collectFeedback) throw new HttpError(403, 'This assistant does not collect feedback');
  if (!conversation || conversation.chatbot_id !== request.chatbotId || conversation.contact_id !== contactId) {
    throw notFound(NOT_FOUND);
  }
  // Messages are keyed by time then id; a conversation is small enough to find the id in it.
  const { data: matches } = await db()
    .entities.message.query.byConversation({ conversation_id: request.conversationId })
    .where(({ message_id }, { eq }) => eq(message_id, request.messageId))
    .go({ pages: 'all' });
  const message = matches[0];
  if (!message || message.sender_type !== 'assistant') throw notFound(NOT_FOUND);
  // Set only when it changes, so a repeat of the call (a retry, or the same click twice at once) counts once.
  let previous: typeof message.feedback;
  try {
    const { data } = await db()
      .entities.message.patch({ conversation_id: message.conversation_id, created_at: message.created_at, message_id: message.message_id })
      .set({ feedback: request.rating })
      .where((attr, op) => `${op.notExists(attr.feedback)} OR ${op.ne(attr.feedback, request.rating)}`)
      .go({ response: 'all_old' });
    previous = data?.feedback;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    return { messageId: message.message_id, rating: request.rating };
  }
  // Only a change to a thumbs down is new negative feedback (an unchanged rating returned above).
  const negative = request.rating === 'down';
  const triggered = negative ? matchTriggers(workflows, { actions: ['negative_feedback'] }) : [];
  await Promise.all([
    recordFeedback({
      chatbotId: request.chatbotId,
      conversationId: message.conversation_id,
      replyAt: message.answered_at ?? message.created_at,
      previous,
      rating: request.rating,
      now: new Date(),
    }),
    workflowTriggers.start(triggered, {
      conversationId: message.conversation_id,
      contactId,
      businessName: bot.business_name,
      // The visitor's question the rated reply answered, where the analytics kept it.
      message: message.question ?? message.content,
    }),
  ]);
  return { messageId: message.message_id, rating: request.rating };
}
