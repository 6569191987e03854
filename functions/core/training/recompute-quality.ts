import { db } from '../data/db.js';
import { loadIndex } from '../knowledge/index-store.js';
import { log } from '../runtime/log.js';
import { askProbes, probeQuestions } from './knowledge-probes.js';
import { trainingQuality, type TrainingQuality } from './training-quality.js';
import { ratingSummary } from './training-records.js';

/** What the knowledge probes gave for an index version: how many were asked, the questions that failed. */
interface ProbeOutcome {
  asked: number;
  failedQuestions: string[];
}

/**
 * Asks the assistant's live index questions made from its own knowledge (offline search, no model),
 * reads the Training studio's ratings and the owner's corrections, and stores its training_quality,
 * training_status and breakdown. Called after every rebuild of its index (crawl, sync, knowledge
 * change) and when ratings or corrections change; those reuse the probes of the same index version.
 */
export async function recomputeTrainingQuality(chatbotId: string): Promise<TrainingQuality> {
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['index_version', 'training_probes'] });
  const version = bot?.index_version;
  const known = version && bot.training_probes?.index_version === version ? bot.training_probes : undefined;
  const [{ data: corrections }, ratings, probes] = await Promise.all([
    db().entities.correction.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['correction_id'] }),
    ratingSummary(chatbotId),
    known ? { asked: known.asked, failedQuestions: known.failed_questions } : askKnowledge(chatbotId, version),
  ]);
  const asked = probes ?? { asked: 0, failedQuestions: [] };
  const quality = trainingQuality({
    probes: asked.asked,
    answered: asked.asked - asked.failedQuestions.length,
    failedQuestions: asked.failedQuestions,
    ratings,
    corrections: corrections.length,
  });
  await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({
      training_quality: quality.quality,
      training_status: quality.status,
      training_breakdown: quality.parts,
      // Kept even when none could be made (an empty index): it also says the quality is of this version (knowledge-change.ts).
      ...(version && !known && probes ? { training_probes: { index_version: version, asked: probes.asked, failed_questions: probes.failedQuestions } } : {}),
      updated_at: new Date().toISOString(),
    })
    .go();
  return quality;
}

/** Undefined when the index could not be read. */
async function askKnowledge(chatbotId: string, version: string | undefined): Promise<ProbeOutcome | undefined> {
  if (!version) return { asked: 0, failedQuestions: [] };
  try {
    const index = await loadIndex(chatbotId, version);
    const { answered, failed } = askProbes(index, probeQuestions(index));
    return { asked: answered.length + failed.length, failedQuestions: failed.map((probe) => probe.question) };
  } catch (error) {
    // A version replaced meanwhile: the rebuild that replaced it recomputes.
    log.warn('Asking the knowledge index for training quality failed', { chatbotId, error });
    return undefined;
  }
}
