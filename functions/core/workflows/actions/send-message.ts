import { randomUUID } from 'node:crypto';
import { sendReplyOnChannel } from '../../channels/channel-reply.js';
import { db } from '../../data/db.js';
import { HttpError } from '../../http/http-error.js';
import { announceInboxChange } from '../../realtime/inbox-updates.js';
import { sendToVisitor } from '../../realtime/visitor-replies.js';
import { ActionFailedError } from '../action-errors.js';
import { fillPlaceholders } from '../placeholders.js';
import { NO_CONVERSATION, type ActionContext } from './action-context.js';

/**
 * send_message: the business's reply in the conversation that triggered the workflow, marked with the
 * workflow. It is an assistant message, and triggers are checked on visitor messages only, so a
 * workflow's own message never starts it again. It reaches the customer as an owner's reply does: on
 * WhatsApp, Messenger or Instagram through the Graph API before it is stored (the inbox never shows a
 * message the customer did not get), on the website live in the visitor's open widget.
 */
export async function sendMessageAction(config: { message: string }, { execution, trigger, now }: ActionContext): Promise<string> {
  const content = fillPlaceholders(config.message, trigger).trim();
  const conversationId = trigger.conversation_id;
  if (!conversationId) return `${NO_CONVERSATION}; the message would read: "${content}"`;
  const { data: conversation } = await db().entities.conversation.get({ conversation_id: conversationId }).go();
  if (!conversation) throw new ActionFailedError('The conversation was deleted');
  const messageId = randomUUID();
  try {
    await sendReplyOnChannel(conversation, content, messageId, now.getTime());
  } catch (error) {
    // The platform refused it or its 24-hour window closed: the owner reads why in the history.
    if (error instanceof HttpError) throw new ActionFailedError(error.message);
    throw error;
  }
  const at = now.toISOString();
  const { canceled } = await db()
    .transaction.write(({ message, conversation: conversations }) => [
      message
        .create({
          conversation_id: conversationId,
          message_id: messageId,
          sender_type: 'assistant',
          content,
          message_type: 'text',
          workflow_id: execution.workflow_id,
          created_at: at,
        })
        .commit(),
      conversations.patch({ conversation_id: conversationId }).set({ last_message_at: at }).composite({ chatbot_id: execution.chatbot_id }).commit(),
    ])
    .go();
  if (canceled) throw new ActionFailedError('The conversation was deleted');
  await Promise.all([
    sendToVisitor(conversation, { conversation_id: conversationId, message_id: messageId, content, created_at: at }),
    announceInboxChange(execution.chatbot_id, conversationId),
  ]);
  return 'Message sent in the conversation';
}
