import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { conversationDetail } from '../core/inbox/conversation-detail.js';

export const handler = httpHandler({ route: 'get-conversation' }, ({ caller, pathParameters }) =>
  conversationDetail(caller, pathId(pathParameters)),
);
