import { randomUUID } from 'node:crypto';
import type { Correction, SaveCorrectionRequest } from '../../contracts/chat.js';
import { db } from '../data/db.js';
import { keptPerVersion } from '../data/kept-per-version.js';
import { notFound } from '../http/http-error.js';
import { paraphraseSimilarity, paraphraseTermsOf } from './paraphrase-terms.js';
import { similarity, termsOf } from './text-terms.js';

/** How close a new question must be to a corrected one for the correction to apply. */
export const CORRECTION_MATCH = 0.75;
/** Most recent corrections considered per assistant. */
const CORRECTIONS_SCANNED = 200;

/**
 * Stores a correction and, in the same transaction, gives the assistant a new corrections version, so
 * every warm function's kept corrections of it are read again (matchingCorrection).
 */
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
  const { canceled } = await db()
    .transaction.write(({ correction, chatbot }) => [
      correction.create(record).commit(),
      // patch: only an assistant that still exists gets the correction.
      chatbot.patch({ chatbot_id: chatbotId }).set({ corrections_version: record.correction_id }).commit(),
    ])
    .go();
  if (canceled) throw notFound('Assistant not found');
  const { correction_id, user_id: _owner, ...rest } = record;
  return { id: correction_id, ...rest };
}

type StoredCorrection = Awaited<ReturnType<typeof readCorrections>>[number];

/** The newest corrections of an assistant with their question's terms (read consistently: a version just changed). */
async function readCorrections(chatbotId: string) {
  const { data } = await db()
    .entities.correction.query.byChatbot({ chatbot_id: chatbotId })
    .go({ order: 'desc', limit: CORRECTIONS_SCANNED, consistent: true });
  return data.map((correction) => ({
    ...correction,
    normalized: correction.original_message.trim().toLowerCase(),
    terms: termsOf(correction.original_message),
    paraphraseTerms: paraphraseTermsOf(correction.original_message),
  }));
}

/** An assistant's corrections, read once per warm function and corrections version (the assistant item, which a chat turn reads anyway, names it). */
const correctionsOf = keptPerVersion(readCorrections);

/**
 * The newest correction whose question is close enough to this one (same terms, any wording of case
 * and punctuation, or a paraphrase: paraphrase-terms.ts), of the assistant item as the chat turn read it.
 */
export async function matchingCorrection(chatbot: { chatbot_id: string; corrections_version?: string }, message: string) {
  const corrections = await correctionsOf(chatbot.chatbot_id, chatbot.corrections_version);
  const terms = termsOf(message);
  const paraphraseTerms = paraphraseTermsOf(message);
  const normalized = message.trim().toLowerCase();
  let best: { score: number; correction: StoredCorrection } | undefined;
  for (const correction of corrections) {
    // The same words, or another wording of the same question ("Can I get takeaway?" for "Do you do takeaway?").
    const score =
      correction.normalized === normalized ? 1 : Math.max(similarity(terms, correction.terms), paraphraseSimilarity(paraphraseTerms, correction.paraphraseTerms));
    if (score >= CORRECTION_MATCH && (!best || score > best.score)) best = { score, correction };
  }
  return best?.correction;
}
