import { visitorConversation } from '../core/chat/visitor-conversation.js';
import { visitorOfRequest } from '../core/chat/visitor-token.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

/** Visitor: the embed widget and the demo widget load the visitor's conversation when they are reloaded. */
export const handler = httpHandler({ route: 'get-visitor-conversation' }, async ({ pathParameters, event }) =>
  visitorConversation(await visitorOfRequest(event.headers?.authorization, pathId(pathParameters))),
);
