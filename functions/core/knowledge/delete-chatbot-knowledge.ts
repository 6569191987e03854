import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import { listKnowledgeEntries } from './knowledge-entries.js';
import { deleteKnowledgeFiles } from './knowledge-files.js';

/**
 * An assistant is being deleted: the entries only it answered from go with it, and their files.
 * Entries for all assistants stay; the owner's other assistants still answer from them.
 */
export async function deleteKnowledgeOfChatbot(userId: string, chatbotId: string): Promise<void> {
  const entries = (await listKnowledgeEntries(userId)).filter((entry) => entry.chatbot_id === chatbotId);
  if (!entries.length) return;
  const { unprocessed } = await db()
    .entities.knowledgeEntry.delete(entries.map((entry) => ({ user_id: userId, entry_id: entry.entry_id })))
    .go();
  if (unprocessed.length) throw new Error(`Could not delete ${unprocessed.length} knowledge entries`);
  const fileKeys = entries.flatMap((entry) => (entry.file_key ? [entry.file_key] : []));
  await deleteKnowledgeFiles(fileKeys).catch((error) =>
    log.warn('Deleting knowledge files failed; the entries are gone, the objects stay', { chatbotId, error }),
  );
}
