import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { deleteConversation } from '../core/inbox/delete-conversations.js';

export const handler = httpHandler({ route: 'delete-conversation' }, async ({ caller, pathParameters }) => {
  await deleteConversation(caller, pathId(pathParameters));
  return { deleted: true };
});
