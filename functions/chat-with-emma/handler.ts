import { chatRequestSchema } from '../contracts/chat.js';
import { chat } from '../core/chat/chat-engine.js';
import { httpHandler } from '../core/http/http-handler.js';

/** Public: the embed widget, the demo page and the dashboard's test chat all talk through here. */
export const handler = httpHandler({ route: 'chat-with-emma', body: chatRequestSchema }, ({ body, event }) =>
  chat(body, event.requestContext.http.sourceIp),
);
