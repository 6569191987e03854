import { saveCorrectionRequestSchema } from '../contracts/chat.js';
import { chatbotFor } from '../core/access/authorize.js';
import { saveCorrection } from '../core/chat/corrections.js';
import { httpHandler } from '../core/http/http-handler.js';
import { recomputeTrainingQuality } from '../core/training/recompute-quality.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'save-correction', body: saveCorrectionRequestSchema, successStatus: 201 },
  async ({ caller, pathParameters, body }) => {
    const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
    const correction = await saveCorrection(caller.userId, chatbot.chatbot_id, body);
    // Corrections are a training signal: the assistant's quality follows them.
    await recomputeTrainingQuality(chatbot.chatbot_id);
    return { correction };
  },
);
