import { withRuntimeEnv } from './runtime-env.js';

/**
 * A visitor who has been away `minutes`: their last message and their conversation's move into the
 * past, as both would be (the conversation timeout counts from the later of the two).
 */
export async function visitorAwayFor(env: Record<string, string>, conversationId: string, minutes: number): Promise<void> {
  await withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data: conversation } = await db().entities.conversation.get({ conversation_id: conversationId }).go();
    if (!conversation) throw new Error(`No conversation ${conversationId}`);
    const lastMessageAt = new Date(Date.now() - minutes * 60_000).toISOString();
    await db()
      .entities.visitor.patch({ chatbot_id: conversation.chatbot_id, contact_id: conversation.contact_id })
      .set({ last_message_at: lastMessageAt })
      .go();
    await db()
      .entities.conversation.patch({ conversation_id: conversationId })
      .set({ last_message_at: lastMessageAt })
      .composite({ chatbot_id: conversation.chatbot_id })
      .go();
  });
}
