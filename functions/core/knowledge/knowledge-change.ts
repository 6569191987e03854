/**
 * What a knowledge change asks reindex-knowledge to do, and how to tell whether an assistant's index
 * and quality are current with it. Shared by the request (knowledge-change-queue.ts), the worker
 * (apply-knowledge-change.ts) and the API's view of an assistant, so it imports nothing heavy.
 */
export type KnowledgeChange = {
  userId: string;
  chatbotIds: string[];
  /** When the change was stored (compact UTC, `20261128T100004921Z`), comparable with index versions. */
  changedAt: string;
};

/** Now, in the form index versions start with (index-store.ts newIndexVersion). */
export const changeStamp = (now = new Date()) => now.toISOString().replace(/[-:.]/g, '');

const STAMP_LENGTH = changeStamp(new Date(0)).length;

/**
 * Whether index `version` holds a change stored at `changedAt`: a version is named just before its
 * sources are read, so one named at a later millisecond read the change. (The same millisecond may
 * have been read before the change was written, so it does not count.)
 */
export const indexHolds = (version: string | undefined, changedAt: string) => Boolean(version) && version!.slice(0, STAMP_LENGTH) > changedAt;

/** What an assistant's answers and training quality are, as the dashboard shows them. */
export type KnowledgeUpdate = 'current' | 'updating' | 'failed';

export function knowledgeUpdateOf(bot: {
  index_version?: string;
  knowledge_changed_at?: string;
  knowledge_failed_at?: string;
  training_probes?: { index_version: string };
}): KnowledgeUpdate {
  const changed = bot.knowledge_changed_at;
  if (changed && !indexHolds(bot.index_version, changed)) return (bot.knowledge_failed_at ?? '') >= changed ? 'failed' : 'updating';
  // The index is current; its quality is measured once the probes were asked of that version.
  if (changed && bot.index_version && bot.training_probes?.index_version !== bot.index_version) return 'updating';
  return 'current';
}
