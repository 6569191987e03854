import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { deleteConversation } from '../core/inbox/delete-conversations.js';

export const handler = httpHandler({ route: 'delete-conversation' }, async ({ identity, pathParameters }) => {
  await deleteConversation(identity.userId, pathId(pathParameters));
  return { deleted: true };
});
