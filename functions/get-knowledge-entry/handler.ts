import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { getKnowledgeEntry, toKnowledgeEntry } from '../core/knowledge/knowledge-entries.js';

export const handler = httpHandler({ route: 'get-knowledge-entry' }, async ({ identity, pathParameters }) => ({
  entry: toKnowledgeEntry(await getKnowledgeEntry(identity.userId, pathId(pathParameters))),
}));
