import { listConversationTagsQuerySchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { listConversationTags } from '../core/inbox/list-conversation-tags.js';

export const handler = httpHandler({ route: 'list-conversation-tags', query: listConversationTagsQuerySchema }, ({ caller, query }) =>
  listConversationTags(caller, query),
);
