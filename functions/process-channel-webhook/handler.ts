import * as z from 'zod';
import { processChannelWebhook } from '../core/channels/channel-inbound.js';
import { observed } from '../core/runtime/observability.js';

const eventSchema = z.object({ connectionId: z.string().min(1), payload: z.unknown() });

/** Invoked asynchronously by channel-webhook once Meta's signature checked out (never by API Gateway). */
export const handler = observed(async (event: unknown): Promise<void> => {
  const { connectionId, payload } = eventSchema.parse(event);
  await processChannelWebhook(connectionId, payload);
});
