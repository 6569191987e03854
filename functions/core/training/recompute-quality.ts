import { db } from '../data/db.js';
import { loadIndex } from '../knowledge/index-store.js';
import { log } from '../runtime/log.js';
import { askProbes, probeQuestions } from './knowledge-probes.js';
import { trainingQuality, type TrainingQuality } from './training-quality.js';
import { ratingSummary } from './training-records.js';

/**
 * Asks the assistant's live index questions made from its own knowledge (offline search, no model),
 * reads the Training studio's ratings and the owner's corrections, and stores its training_quality,
 * training_status and breakdown. Called after every rebuild of its index (crawl, sync, knowledge
 * change) and when ratings or corrections change.
 */
export async function recomputeTrainingQuality(chatbotId: string): Promise<TrainingQuality> {
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['index_version'] });
  const [{ data: corrections }, ratings, asked] = await Promise.all([
    db().entities.correction.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['correction_id'] }),
    ratingSummary(chatbotId),
    askKnowledge(chatbotId, bot?.index_version),
  ]);
  const quality = trainingQuality({
    probes: asked.answered.length + asked.failed.length,
    answered: asked.answered.length,
    failedQuestions: asked.failed.map((probe) => probe.question),
    ratings,
    corrections: corrections.length,
  });
  await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({
      training_quality: quality.quality,
      training_status: quality.status,
      training_breakdown: quality.parts,
      updated_at: new Date().toISOString(),
    })
    .go();
  return quality;
}

async function askKnowledge(chatbotId: string, version: string | undefined) {
  if (!version) return { answered: [], failed: [] };
  try {
    const index = await loadIndex(chatbotId, version);
    return askProbes(index, probeQuestions(index));
  } catch (error) {
    // A version replaced meanwhile: the rebuild that replaced it recomputes.
    log.warn('Asking the knowledge index for training quality failed', { chatbotId, error });
    return { answered: [], failed: [] };
  }
}
