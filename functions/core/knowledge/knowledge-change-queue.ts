import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { invokeAsync } from '../invoke/invoke-async.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { changeStamp, type KnowledgeChange } from './knowledge-change.js';

/**
 * The assistants a change of the owner's knowledge touches (null: an entry for all their assistants).
 */
export async function affectedChatbots(userId: string, chatbotIds: readonly (string | null)[]): Promise<string[]> {
  if (chatbotIds.includes(null)) {
    const { data: bots } = await db().entities.chatbot.query.byUser({ user_id: userId }).go({ pages: 'all', attributes: ['chatbot_id'] });
    return bots.map((b) => b.chatbot_id);
  }
  return [...new Set(chatbotIds.filter((id): id is string => id !== null))];
}

/**
 * Hands a stored knowledge change to reindex-knowledge (asynchronous invocation) and marks the
 * assistants as updating, so the dashboard shows their quality as not yet final. Throws when the
 * invocation cannot be made: the caller undoes the change (nothing would ever index it).
 */
export async function queueKnowledgeChange(userId: string, chatbotIds: readonly (string | null)[]): Promise<void> {
  const targets = await affectedChatbots(userId, chatbotIds);
  if (!targets.length) return;
  // Taken after the change was written: a version named later holds it (knowledge-change.ts indexHolds).
  const change: KnowledgeChange = { userId, chatbotIds: targets, changedAt: changeStamp() };
  await invokeAsync(requireEnv('KNOWLEDGE_INDEXER_FUNCTION_NAME'), change);
  // After the invocation: a mark naming a change nobody will index would make older changes' workers
  // skip theirs (apply-knowledge-change.ts). Losing it costs only the "updating" display.
  await Promise.all(
    targets.map((chatbotId) =>
      db()
        .entities.chatbot.patch({ chatbot_id: chatbotId })
        .set({ knowledge_changed_at: change.changedAt })
        .where((attr, op) => `(${op.notExists(attr.knowledge_changed_at)} OR ${op.lt(attr.knowledge_changed_at, change.changedAt)})`)
        .go()
        .catch((error: unknown) => {
          if (!isConditionalFailure(error)) log.warn('Marking an assistant as updating its knowledge failed', { chatbotId, error });
        }),
    ),
  );
}
