import { createTrainingRecordRequestSchema } from '../contracts/training.js';
import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { recomputeTrainingQuality } from '../core/training/recompute-quality.js';
import { createTrainingRecord } from '../core/training/training-records.js';

export const handler = httpHandler(
  { route: 'create-training-record', body: createTrainingRecordRequestSchema, successStatus: 201 },
  async ({ caller, pathParameters, body }) => {
    const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
    const record = await createTrainingRecord(caller.userId, chatbot.chatbot_id, body);
    // Ratings are a training signal: the assistant's quality follows them.
    await recomputeTrainingQuality(chatbot.chatbot_id);
    return { record };
  },
);
