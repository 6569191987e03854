import { createTrainingRecordRequestSchema } from '../contracts/training.js';
import { ownedChatbot } from '../core/chatbots/owned-chatbot.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { recomputeTrainingQuality } from '../core/training/recompute-quality.js';
import { createTrainingRecord } from '../core/training/training-records.js';

export const handler = httpHandler(
  { route: 'create-training-record', body: createTrainingRecordRequestSchema, successStatus: 201 },
  async ({ identity, pathParameters, body }) => {
    const chatbot = await ownedChatbot(identity.userId, pathId(pathParameters));
    const record = await createTrainingRecord(identity.userId, chatbot.chatbot_id, body);
    // Ratings are a training signal: the assistant's quality follows them.
    await recomputeTrainingQuality(chatbot.chatbot_id);
    return { record };
  },
);
