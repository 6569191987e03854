import { ownedChatbot } from '../core/chatbots/owned-chatbot.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listTrainingRecords } from '../core/training/training-records.js';

export const handler = httpHandler({ route: 'list-training-records' }, async ({ identity, pathParameters }) => {
  const chatbot = await ownedChatbot(identity.userId, pathId(pathParameters));
  return { records: await listTrainingRecords(chatbot.chatbot_id) };
});
