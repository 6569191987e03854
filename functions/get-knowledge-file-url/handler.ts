import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { knowledgeEntryFileLink } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler({ route: 'get-knowledge-file-url' }, async ({ identity, pathParameters }) =>
  knowledgeEntryFileLink(identity.userId, pathId(pathParameters)),
);
