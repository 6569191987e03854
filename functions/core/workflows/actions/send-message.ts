import { randomUUID } from 'node:crypto';
import { db } from '../../data/db.js';
import { ActionFailedError } from '../action-errors.js';
import { fillPlaceholders } from '../placeholders.js';
import { NO_CONVERSATION, type ActionContext } from './action-context.js';

/**
 * send_message: the business's reply in the conversation that triggered the workflow, marked with the
 * workflow. It is an assistant message, and triggers are checked on visitor messages only, so a
 * workflow's own message never starts it again.
 */
export async function sendMessageAction(config: { message: string }, { execution, trigger, now }: ActionContext): Promise<string> {
  const content = fillPlaceholders(config.message, trigger).trim();
  if (!trigger.conversation_id) return `${NO_CONVERSATION}; the message would read: "${content}"`;
  const at = now.toISOString();
  const { canceled } = await db()
    .transaction.write(({ message, conversation }) => [
      message
        .create({
          conversation_id: trigger.conversation_id!,
          message_id: randomUUID(),
          sender_type: 'assistant',
          content,
          message_type: 'text',
          workflow_id: execution.workflow_id,
          created_at: at,
        })
        .commit(),
      conversation
        .patch({ conversation_id: trigger.conversation_id! })
        .set({ last_message_at: at })
        .composite({ chatbot_id: execution.chatbot_id })
        .commit(),
    ])
    .go();
  if (canceled) throw new ActionFailedError('The conversation was deleted');
  return 'Message sent in the conversation';
}
