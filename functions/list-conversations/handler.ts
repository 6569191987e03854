import { listConversationsQuerySchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { listConversations } from '../core/inbox/list-conversations.js';

export const handler = httpHandler({ route: 'list-conversations', query: listConversationsQuerySchema }, ({ caller, query }) =>
  listConversations(caller, query),
);
