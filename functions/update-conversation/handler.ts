import { updateConversationRequestSchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { updateConversation } from '../core/inbox/update-conversation.js';

export const handler = httpHandler(
  { route: 'update-conversation', body: updateConversationRequestSchema },
  async ({ caller, pathParameters, body }) => ({ conversation: await updateConversation(caller, pathId(pathParameters), body) }),
);
