import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import { recomputeTrainingQuality } from '../training/recompute-quality.js';
import { indexHolds, type KnowledgeChange } from './knowledge-change.js';
import { rebuildChatbotIndex } from './rebuild-index.js';

/** Tries per assistant before the change is reported as failed, and the pause before each retry. */
const ATTEMPTS = 3;
const RETRY_PAUSES_MS = [1_000, 4_000];
/** Embedding stops this long after the worker starts (reindex-knowledge has 900 s); the rest is found by full text. */
const EMBEDDING_BUDGET_MS = 10 * 60_000;

export type ChangeOutcome = 'rebuilt' | 'current' | 'coalesced' | 'gone';

/**
 * reindex-knowledge's work: brings each assistant a knowledge change touched up to date. An index
 * already holding the change (a later worker's rebuild read it) is left alone; a later change of the
 * same assistant is left to that change's own worker, which reads this one too: ten entries added in
 * a row cost one rebuild when they arrive faster than a rebuild takes, and at most one rebuild each
 * otherwise. A rebuild is incremental (only the changed documents are chunked, rebuild-index.ts) and
 * recomputes the training quality. A failing rebuild leaves the live index as it was (the assistant
 * answers from what it had), is tried again, then marked failed on the assistant and thrown, so
 * Lambda records the invocation in the async failures queue.
 */
export async function applyKnowledgeChange(change: KnowledgeChange): Promise<ChangeOutcome[]> {
  const outcomes = await Promise.allSettled(change.chatbotIds.map((chatbotId) => bringUpToDate(chatbotId, change.changedAt)));
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  if (failed.length) throw new AggregateError(failed, `Re-indexing ${failed.length} of ${change.chatbotIds.length} assistants failed`);
  const done = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<ChangeOutcome>).value);
  // How often bursts coalesce, from the logs.
  log.info('Knowledge change applied', { changedAt: change.changedAt, outcomes: Object.fromEntries(change.chatbotIds.map((id, i) => [id, done[i]])) });
  return done;
}

async function bringUpToDate(chatbotId: string, changedAt: string): Promise<ChangeOutcome> {
  for (let attempt = 1; ; attempt++) {
    const { data: bot } = await db()
      .entities.chatbot.get({ chatbot_id: chatbotId })
      .go({ attributes: ['index_version', 'knowledge_changed_at', 'training_probes'] });
    if (!bot) return 'gone';
    try {
      if (indexHolds(bot.index_version, changedAt)) {
        // Published by another rebuild; its quality follows unless that rebuild failed after publishing.
        if (bot.training_probes?.index_version !== bot.index_version) await recomputeTrainingQuality(chatbotId);
        return 'current';
      }
      if ((bot.knowledge_changed_at ?? '') > changedAt) return 'coalesced';
      const rebuilt = await rebuildChatbotIndex(chatbotId, { deadline: Date.now() + EMBEDDING_BUDGET_MS });
      if ('skipped' in rebuilt && rebuilt.skipped === 'gone') return 'gone';
      // Superseded: a newer version was published meanwhile; the next pass sees whether it holds the change.
      if ('skipped' in rebuilt) continue;
      return 'rebuilt';
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        await markFailed(chatbotId, changedAt);
        throw error;
      }
      log.warn('Re-indexing after a knowledge change failed; trying again', { chatbotId, changedAt, attempt, error });
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSES_MS[attempt - 1]));
    }
  }
}

/** The dashboard shows the change as not learned (knowledge-change.ts knowledgeUpdateOf) until a later one succeeds. */
async function markFailed(chatbotId: string, changedAt: string): Promise<void> {
  log.error('Re-indexing after a knowledge change failed; the assistant answers from its previous index', { chatbotId, changedAt });
  await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ knowledge_failed_at: changedAt })
    .where((attr, op) => `(${op.notExists(attr.knowledge_failed_at)} OR ${op.lt(attr.knowledge_failed_at, changedAt)})`)
    .go()
    .catch((error: unknown) => {
      if (!isConditionalFailure(error)) log.error('Marking a failed re-index failed', { chatbotId, error });
    });
}
