import { updateKnowledgeEntryRequestSchema } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { editKnowledgeEntry } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler(
  { route: 'update-knowledge-entry', body: updateKnowledgeEntryRequestSchema },
  async ({ caller, pathParameters, body, signal }) => ({
    entry: await editKnowledgeEntry(caller, pathId(pathParameters), body, { signal }),
  }),
);
