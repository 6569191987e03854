import { generateFaqsRequestSchema } from '../contracts/faqs.js';
import { httpHandler } from '../core/http/http-handler.js';
import { runOnce } from '../core/http/idempotency.js';
import { generateFaqsFromWebsite } from '../core/knowledge/faqs/generate-faqs.js';

export const handler = httpHandler(
  { route: 'generate-faqs-from-website', body: generateFaqsRequestSchema, successStatus: 201, idempotency: runOnce },
  async ({ caller, body }) => generateFaqsFromWebsite(caller, body),
);
