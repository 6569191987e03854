import { db } from '../data/db.js';
import { entriesForChatbot } from '../knowledge/knowledge-entries.js';
import { trainingQuality, type TrainingQuality } from './training-quality.js';
import { ratingSummary } from './training-records.js';

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * Reads an assistant's real signals (indexed pages and their words, active knowledge entries and
 * FAQs, the Training studio's ratings, the owner's corrections) and stores its training_quality,
 * training_status and breakdown. Called when any of them changes.
 */
export async function recomputeTrainingQuality(chatbotId: string): Promise<TrainingQuality> {
  const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['user_id'] });
  const [{ data: pages }, { data: corrections }, entries, ratings] = await Promise.all([
    db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['text'] }),
    db().entities.correction.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['correction_id'] }),
    bot ? entriesForChatbot(bot.user_id, chatbotId) : [],
    ratingSummary(chatbotId),
  ]);
  const active = entries.filter((entry) => entry.is_active !== false);
  const quality = trainingQuality({
    pagesIndexed: pages.length,
    wordsIndexed: pages.reduce((sum, page) => sum + wordCount(page.text), 0),
    knowledgeEntries: active.filter((entry) => entry.type !== 'faq').length,
    faqs: active.filter((entry) => entry.type === 'faq').length,
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
