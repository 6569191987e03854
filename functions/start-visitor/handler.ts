import { startVisitor } from '../core/chat/visitor-start.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

/** Public: the embed widget and the demo page, when a new visitor opens the chat or starts typing. */
export const handler = httpHandler({ route: 'start-visitor' }, async ({ pathParameters, event }) =>
  startVisitor(pathId(pathParameters), event.requestContext.http.sourceIp, event.headers?.origin),
);
