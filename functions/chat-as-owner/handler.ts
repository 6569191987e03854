import { ownerChatRequestSchema } from '../contracts/chat.js';
import { ownerChat } from '../core/chat/owner-chat.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

/** The owner's test chat and Training studio: the signed-in owner talks to their own assistant. */
export const handler = httpHandler({ route: 'chat-as-owner', body: ownerChatRequestSchema }, ({ caller, pathParameters, body }) =>
  ownerChat(caller, pathId(pathParameters), body),
);
