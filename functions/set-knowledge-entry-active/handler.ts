import { setKnowledgeEntryActiveRequestSchema } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { switchKnowledgeEntry } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler(
  { route: 'set-knowledge-entry-active', body: setKnowledgeEntryActiveRequestSchema },
  async ({ caller, pathParameters, body, signal }) => ({
    entry: await switchKnowledgeEntry(caller, pathId(pathParameters), body.is_active, { signal }),
  }),
);
