import { correctTrainingRecordRequestSchema } from '../contracts/training.js';
import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { recomputeTrainingQuality } from '../core/training/recompute-quality.js';
import { correctTrainingRecord } from '../core/training/training-records.js';

export const handler = httpHandler(
  { route: 'correct-training-record', body: correctTrainingRecordRequestSchema },
  async ({ caller, pathParameters, body }) => {
    const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
    const result = await correctTrainingRecord(caller.userId, chatbot.chatbot_id, pathId(pathParameters, 'recordId'), body);
    // The correction is a training signal too.
    await recomputeTrainingQuality(chatbot.chatbot_id);
    return result;
  },
);
