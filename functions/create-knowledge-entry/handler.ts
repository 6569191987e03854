import { createKnowledgeEntryRequestSchema } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { runOnce } from '../core/http/idempotency.js';
import { knowledgeOwnerFor } from '../core/knowledge/knowledge-access.js';
import { addKnowledgeEntries } from '../core/knowledge/manage-knowledge.js';

export const handler = httpHandler(
  { route: 'create-knowledge-entry', body: createKnowledgeEntryRequestSchema, successStatus: 201, idempotency: runOnce },
  async ({ caller, body, signal }) => {
    const owner = await knowledgeOwnerFor(caller, [body.chatbot_id]);
    const [entry] = await addKnowledgeEntries(owner, [body], { signal });
    return { entry };
  },
);
