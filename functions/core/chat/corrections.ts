import { randomUUID } from 'node:crypto';
import type { Correction, SaveCorrectionRequest } from '../../contracts/chat.js';
import { db } from '../data/db.js';
import { similarity, termsOf } from './text-terms.js';

/** How close a new question must be to a corrected one for the correction to apply. */
export const CORRECTION_MATCH = 0.75;
/** Most recent corrections considered per assistant. */
const CORRECTIONS_SCANNED = 200;

export async function saveCorrection(userId: string, chatbotId: string, input: SaveCorrectionRequest): Promise<Correction> {
  const record = {
    chatbot_id: chatbotId,
    correction_id: randomUUID(),
    user_id: userId,
    original_message: input.original_message,
    original_response: input.original_response,
    corrected_response: input.corrected_response,
    context_used: input.context_used ?? '',
    created_at: new Date().toISOString(),
  };
  await db().entities.correction.create(record).go();
  const { correction_id, user_id: _owner, ...rest } = record;
  return { id: correction_id, ...rest };
}

/** The newest correction whose question is close enough to this one (same terms, any wording of case and punctuation). */
export async function matchingCorrection(chatbotId: string, message: string) {
  const { data } = await db()
    .entities.correction.query.byChatbot({ chatbot_id: chatbotId })
    .go({ order: 'desc', limit: CORRECTIONS_SCANNED });
  const terms = termsOf(message);
  const normalized = message.trim().toLowerCase();
  let best: { score: number; correction: (typeof data)[number] } | undefined;
  for (const correction of data) {
    const score =
      correction.original_message.trim().toLowerCase() === normalized ? 1 : similarity(terms, termsOf(correction.original_message));
    if (score >= CORRECTION_MATCH && (!best || score > best.score)) best = { score, correction };
  }
  return best?.correction;
}
