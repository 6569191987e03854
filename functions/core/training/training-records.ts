import type { EntityItem } from 'electrodb';
import type * as z from 'zod';
import type { Correction } from '../../contracts/chat.js';
import {
  MAX_LISTED_TRAINING_RECORDS,
  TRAINING_SCENARIO,
  trainingCorrectionContexts,
  type TrainingRecord,
  type correctTrainingRecordRequestSchema,
  type createTrainingRecordRequestSchema,
} from '../../contracts/training.js';
import { addToRollupOrLog } from '../analytics/rollup-writes.js';
import { saveCorrection } from '../chat/corrections.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import type { trainingRecordEntity } from '../data/entities.js';
import { timeOrderedId } from '../data/time-ordered-id.js';
import { notFound } from '../http/http-error.js';

type StoredTrainingRecord = EntityItem<ReturnType<typeof trainingRecordEntity>>;

export function toTrainingRecord(stored: StoredTrainingRecord): TrainingRecord {
  return {
    id: stored.record_id,
    chatbot_id: stored.chatbot_id,
    scenario: stored.scenario ?? TRAINING_SCENARIO,
    user_message: stored.user_message,
    ai_response: stored.ai_response,
    score: stored.score,
    feedback: stored.feedback ?? null,
    corrected_response: stored.corrected_response ?? null,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** The assistant's newest records, newest first. */
export async function listTrainingRecords(chatbotId: string, limit = MAX_LISTED_TRAINING_RECORDS): Promise<TrainingRecord[]> {
  const { data } = await db()
    .entities.trainingRecord.query.byChatbot({ chatbot_id: chatbotId })
    .go({ order: 'desc', count: limit });
  return data.map(toTrainingRecord);
}

/** How many replies were rated and their mean score: the ratings signal of training_quality. */
export async function ratingSummary(chatbotId: string): Promise<{ count: number; meanScore: number }> {
  const { data } = await db()
    .entities.trainingRecord.query.byChatbot({ chatbot_id: chatbotId })
    .go({ pages: 'all', attributes: ['score'] });
  const total = data.reduce((sum, record) => sum + record.score, 0);
  return { count: data.length, meanScore: data.length ? total / data.length : 0 };
}

export async function createTrainingRecord(
  userId: string,
  chatbotId: string,
  input: z.output<typeof createTrainingRecordRequestSchema>,
): Promise<TrainingRecord> {
  const now = new Date();
  const { data } = await db()
    .entities.trainingRecord.create({
      chatbot_id: chatbotId,
      record_id: timeOrderedId(now),
      user_id: userId,
      scenario: TRAINING_SCENARIO,
      user_message: input.user_message,
      ai_response: input.ai_response,
      score: input.score,
      feedback: input.feedback || undefined,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .go();
  await addToRollupOrLog(chatbotId, now, { training_ratings: 1, training_score: input.score });
  return toTrainingRecord(data);
}

/**
 * Stores the better response on the record and as a conversation correction of the record's question,
 * which is what makes the chat engine answer with it from now on. The record is written first: its
 * patch is conditional on the record existing, so a record deleted meanwhile (its assistant being
 * deleted) is a 404 and leaves no correction behind.
 */
export async function correctTrainingRecord(
  userId: string,
  chatbotId: string,
  recordId: string,
  input: z.output<typeof correctTrainingRecordRequestSchema>,
): Promise<{ record: TrainingRecord; correction: Correction }> {
  let updated: StoredTrainingRecord;
  try {
    ({ data: updated } = await db()
      .entities.trainingRecord.patch({ chatbot_id: chatbotId, record_id: recordId })
      .set({ corrected_response: input.corrected_response, updated_at: new Date().toISOString() })
      .go({ response: 'all_new' }));
  } catch (error) {
    if (isConditionalFailure(error)) throw notFound('Training record not found');
    throw error;
  }
  const correction = await saveCorrection(userId, chatbotId, {
    original_message: updated.user_message,
    original_response: updated.ai_response,
    corrected_response: input.corrected_response,
    context_used: trainingCorrectionContexts[input.source],
  });
  return { record: toTrainingRecord(updated), correction };
}
