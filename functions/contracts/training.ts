import * as z from 'zod';
import { MAX_CHAT_MESSAGE_CHARS, correctionSchema } from './chat.js';
import { wholeNumberText } from './whole-number-text.js';

/** Spec 000 section 9: the Training studio's rating buttons. */
export const trainingScores = [20, 60, 85, 100] as const;
export type TrainingScore = (typeof trainingScores)[number];

/** Spec 000 "Training record": every record of the studio's live chat has this scenario. */
export const TRAINING_SCENARIO = 'Interactive Training';

/** Spec 000 `conversation_corrections.context_used` labels of the studio's corrections. */
export const trainingCorrectionContexts = {
  /** Written in the Corrections tab. */
  corrections: 'Training Session',
  /** Edit & Correct on a reply in the Interactive tab. */
  interactive: 'Live Training Correction',
} as const;

/** The records GET returns: enough history for the Analytics tab, bounded for the response size. */
export const MAX_LISTED_TRAINING_RECORDS = 500;
const MAX_RESPONSE_CHARS = 10_000;

/** Spec 000 section 3 "Training record", stored per assistant. */
export const trainingRecordSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  scenario: z.string(),
  user_message: z.string(),
  ai_response: z.string(),
  score: z.number().int(),
  feedback: z.string().nullable(),
  corrected_response: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainingRecord = z.infer<typeof trainingRecordSchema>;

const score = z
  .number('Score must be one of 20, 60, 85 or 100')
  .refine((value): value is TrainingScore => (trainingScores as readonly number[]).includes(value), {
    message: 'Score must be one of 20, 60, 85 or 100',
  });

const correctedResponse = z
  .string('Please enter a response')
  .trim()
  .min(1, 'Please enter a response')
  .max(MAX_RESPONSE_CHARS, `Responses can be at most ${wholeNumberText(MAX_RESPONSE_CHARS)} characters`);

/** POST /chatbots/{id}/training-records: the owner rated a reply of the Interactive tab. */
export const createTrainingRecordRequestSchema = z.object({
  user_message: z
    .string()
    .trim()
    .min(1, 'Please enter the message that was answered')
    .max(MAX_CHAT_MESSAGE_CHARS, `Messages can be at most ${MAX_CHAT_MESSAGE_CHARS} characters`),
  ai_response: z
    .string()
    .trim()
    .min(1, 'Please include the response that was rated')
    .max(MAX_RESPONSE_CHARS, `Responses can be at most ${wholeNumberText(MAX_RESPONSE_CHARS)} characters`),
  score,
  feedback: z.string().trim().max(2000, 'Feedback can be at most 2,000 characters').optional(),
});
export type CreateTrainingRecordRequest = z.input<typeof createTrainingRecordRequestSchema>;

/**
 * PATCH /chatbots/{id}/training-records/{recordId}: a better response for a rated reply. It is also
 * saved as a conversation correction (labelled by where it was written), so the chat engine uses it.
 */
export const correctTrainingRecordRequestSchema = z.object({
  corrected_response: correctedResponse,
  source: z.enum(['corrections', 'interactive']).default('corrections'),
});
export type CorrectTrainingRecordRequest = z.input<typeof correctTrainingRecordRequestSchema>;

export const trainingRecordResponseSchema = z.object({ record: trainingRecordSchema });
export const trainingRecordListResponseSchema = z.object({ records: z.array(trainingRecordSchema) });
export const correctTrainingRecordResponseSchema = z.object({ record: trainingRecordSchema, correction: correctionSchema });
