import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { publicKnowledge } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler({ route: 'get-public-knowledge' }, async ({ pathParameters, event }) =>
  publicKnowledge(pathId(pathParameters), event.requestContext.http.sourceIp),
);
