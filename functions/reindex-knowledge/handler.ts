import * as z from 'zod';
import { applyKnowledgeChange } from '../core/knowledge/apply-knowledge-change.js';
import { observed } from '../core/runtime/observability.js';

const eventSchema = z.object({
  userId: z.string().min(1),
  chatbotIds: z.array(z.string().min(1)),
  changedAt: z.string().regex(/^\d{8}T\d{9}Z$/),
});

/** Invoked asynchronously after an owner's knowledge change (core/knowledge/knowledge-change-queue.ts), never by API Gateway. */
export const handler = observed(async (event: unknown): Promise<void> => {
  await applyKnowledgeChange(eventSchema.parse(event));
});
