import { withRuntimeEnv } from './runtime-env.js';

/** The passages of an assistant's live index, read through the domain code as the chat handler reads them. */
export async function indexedChunks(env: Record<string, string>, chatbotId: string) {
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { loadIndex } = await import('../../functions/core/knowledge/index-store.js');
    const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
    return (await loadIndex(chatbotId, bot!.index_version!)).chunks;
  });
}
