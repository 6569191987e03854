import { db } from '../data/db.js';

export interface ConversationFlags {
  /** It had a handoff, a fallback answer or a thumbs down. */
  unresolved?: boolean;
  /** It was handed over to a person. */
  escalated?: boolean;
}

/**
 * Marks what went wrong in a conversation, once: answers which flags this call set first, so the
 * rollup counts each conversation at most once as unresolved and once as escalated, however many
 * fallbacks, thumbs down or handoffs it has (and whichever of two concurrent writers comes first).
 */
export async function flagConversation(conversationId: string, flags: ConversationFlags, at: Date): Promise<ConversationFlags> {
  const when = at.toISOString();
  const { data } = await db()
    .entities.conversation.patch({ conversation_id: conversationId })
    .data((attr, op) => [
      ...(flags.unresolved ? [op.ifNotExists(attr.unresolved_at, when)] : []),
      ...(flags.escalated ? [op.ifNotExists(attr.escalated_at, when)] : []),
    ])
    .go({ response: 'updated_old' });
  // UPDATED_OLD holds a flag's earlier value only when it was already set.
  return {
    unresolved: Boolean(flags.unresolved && !data.unresolved_at),
    escalated: Boolean(flags.escalated && !data.escalated_at),
  };
}
