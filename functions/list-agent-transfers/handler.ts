import { chatbotFor } from '../core/access/authorize.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listAgentTransfers } from '../core/transfers/transfer-history.js';

export const handler = httpHandler({ route: 'list-agent-transfers' }, async ({ caller, pathParameters }) => {
  const { chatbot } = await chatbotFor(caller, pathId(pathParameters));
  return { transfers: await listAgentTransfers(chatbot.chatbot_id) };
});
