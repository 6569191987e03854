import { rateChatMessageRequestSchema } from '../contracts/chat.js';
import { rateChatMessage } from '../core/chat/feedback.js';
import { httpHandler } from '../core/http/http-handler.js';

/** Public: the embed widget and the demo widget's thumbs up / down under a reply. */
export const handler = httpHandler({ route: 'rate-chat-message', body: rateChatMessageRequestSchema }, ({ body, event }) =>
  rateChatMessage(body, event.requestContext.http.sourceIp),
);
