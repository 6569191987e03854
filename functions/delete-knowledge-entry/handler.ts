import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { removeKnowledgeEntry } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler({ route: 'delete-knowledge-entry' }, async ({ caller, pathParameters, signal }) => {
  await removeKnowledgeEntry(caller, pathId(pathParameters), { signal });
  return { deleted: true };
});
