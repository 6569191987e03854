import { saveCorrectionRequestSchema } from '../contracts/chat.js';
import { ownedChatbot } from '../core/chatbots/owned-chatbot.js';
import { saveCorrection } from '../core/chat/corrections.js';
import { httpHandler } from '../core/http/http-handler.js';
import { recomputeTrainingQuality } from '../core/training/recompute-quality.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'save-correction', body: saveCorrectionRequestSchema, successStatus: 201 },
  async ({ identity, pathParameters, body }) => {
    const chatbot = await ownedChatbot(identity.userId, pathId(pathParameters));
    const correction = await saveCorrection(identity.userId, chatbot.chatbot_id, body);
    // Corrections are a training signal: the assistant's quality follows them.
    await recomputeTrainingQuality(chatbot.chatbot_id);
    return { correction };
  },
);
