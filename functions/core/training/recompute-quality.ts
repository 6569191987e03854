import { db } from '../data/db.js';
import { trainingQuality, type TrainingQuality } from './training-quality.js';

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Reads an assistant's real signals (indexed pages and their words, the owner's corrections) and
 * stores its training_quality, training_status and breakdown. Called when any of them changes.
 * (Knowledge entries, FAQs and ratings join with the Knowledge and Training features.)
 */
export async function recomputeTrainingQuality(chatbotId: string): Promise<TrainingQuality> {
  const [{ data: pages }, { data: corrections }] = await Promise.all([
    db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['text'] }),
    db().entities.correction.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['correction_id'] }),
  ]);
  const quality = trainingQuality({
    pagesIndexed: pages.length,
    wordsIndexed: pages.reduce((sum, page) => sum + wordCount(page.text), 0),
    knowledgeEntries: 0,
    faqs: 0,
    ratings: { count: 0, meanScore: 0 },
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
