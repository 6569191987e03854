import { chatRequestSchema } from '../contracts/chat.js';
import { visitorChat } from '../core/chat/visitor-chat.js';
import { httpHandler } from '../core/http/http-handler.js';

/** Public: the embed widget and the demo page; the visitor is known by the token the first reply issued. */
export const handler = httpHandler({ route: 'chat-with-emma', body: chatRequestSchema }, ({ body, event }) =>
  visitorChat(body, event.requestContext.http.sourceIp, new Date(), event.headers?.origin),
);
