import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { entryFor } from '../core/knowledge/knowledge-access.js';
import { toKnowledgeEntry } from '../core/knowledge/knowledge-entries.js';

export const handler = httpHandler({ route: 'get-knowledge-entry' }, async ({ caller, pathParameters }) => ({
  entry: toKnowledgeEntry(await entryFor(caller, pathId(pathParameters))),
}));
