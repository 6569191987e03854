import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { knowledgeEntryFileLink } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler({ route: 'get-knowledge-file-url' }, async ({ caller, pathParameters }) =>
  knowledgeEntryFileLink(caller, pathId(pathParameters)),
);
