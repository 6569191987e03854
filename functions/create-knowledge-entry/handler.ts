import { createKnowledgeEntryRequestSchema } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { runOnce } from '../core/http/idempotency.js';
import { addKnowledgeEntries } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler(
  { route: 'create-knowledge-entry', body: createKnowledgeEntryRequestSchema, successStatus: 201, idempotency: runOnce },
  async ({ identity, body, signal }) => {
    const [entry] = await addKnowledgeEntries(identity.userId, [body], { signal });
    return { entry };
  },
);
