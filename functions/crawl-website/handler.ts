import * as z from 'zod';
import { learnWebsite } from '../core/chatbots/learn-website.js';

const eventSchema = z.object({ chatbotId: z.string().min(1) });

/** Invoked asynchronously by create-chatbot (never by API Gateway). */
export const handler = async (event: unknown): Promise<void> => {
  const { chatbotId } = eventSchema.parse(event);
  await learnWebsite(chatbotId);
};
