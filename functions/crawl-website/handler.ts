import * as z from 'zod';
import { asyncFunctions } from '../../lib/routes.js';
import { learnWebsite } from '../core/chatbots/learn-website.js';
import { observed } from '../core/runtime/observability.js';

const eventSchema = z.object({ chatbotId: z.string().min(1), retryFailed: z.boolean().optional() });

const TIME_LIMIT_MS = asyncFunctions.find((f) => f.name === 'crawl-website')!.timeoutSeconds * 1000;
/** Kept back from the function's limit to record the outcome (where it stopped) before Lambda stops it. */
const OUTCOME_RESERVE_MS = 30_000;

/** Invoked asynchronously by create-chatbot and retry-crawl (never by API Gateway). */
export const handler = observed(async (event: unknown): Promise<void> => {
  const started = Date.now();
  const { chatbotId, retryFailed } = eventSchema.parse(event);
  await learnWebsite(chatbotId, { deadline: started + TIME_LIMIT_MS - OUTCOME_RESERVE_MS, retryFailed });
});
