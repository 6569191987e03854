import { randomUUID } from 'node:crypto';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';

/**
 * After any change of an assistant's workflows: a new workflows version on the assistant item, so the
 * workflows chat turns keep per warm function are read again (chat-triggers.ts). Written after the
 * change, never before: a turn that reads the new version then reads the change too.
 */
export async function markWorkflowsChanged(chatbotId: string): Promise<void> {
  try {
    await db().entities.chatbot.patch({ chatbot_id: chatbotId }).set({ workflows_version: randomUUID() }).go({ response: 'none' });
  } catch (error) {
    // The assistant is gone: no turn reads its workflows any more.
    if (!isConditionalFailure(error)) throw error;
  }
}
