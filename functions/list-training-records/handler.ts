import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listTrainingRecords } from '../core/training/training-records.js';

export const handler = httpHandler({ route: 'list-training-records' }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  return { records: await listTrainingRecords(chatbot.chatbot_id) };
});
