import * as z from 'zod';
import { socialPlatforms } from '../contracts/deployment.js';
import { processChannelWebhook } from '../core/channels/channel-inbound.js';
import { observed } from '../core/runtime/observability.js';

const eventSchema = z.object({
  connectionId: z.string().min(1),
  chatbotId: z.string().min(1),
  platform: z.enum(socialPlatforms),
  accountId: z.string().min(1),
  payload: z.unknown(),
});

/** Invoked asynchronously by channel-webhook once Meta's signature checked out (never by API Gateway). */
export const handler = observed(async (event: unknown): Promise<void> => {
  await processChannelWebhook(eventSchema.parse(event));
});
