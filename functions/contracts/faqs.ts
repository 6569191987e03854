import * as z from 'zod';
import { websiteUrlSchema } from './chatbot.js';
import { knowledgeChatbotIdSchema, knowledgeEntrySchema } from './knowledge.js';

/** Spec 000 section 9: website FAQ generation yields 8-15 FAQs (the dialog's help text says so). */
export const MIN_GENERATED_FAQS = 8;
export const MAX_GENERATED_FAQS = 15;

/** Spec 000 section 7: used in the writing instructions; 'your business' when unassigned. */
export const DEFAULT_FAQ_BUSINESS_NAME = 'your business';

/**
 * POST /knowledge/faqs (`generate-faqs-from-website`). The URL rules are the assistant creator's
 * (http or https, a missing scheme means https), with the Website FAQs tab's own messages (spec 000
 * section 5).
 */
export const generateFaqsRequestSchema = z.object({
  websiteUrl: z
    .string('Please enter a website URL')
    .trim()
    .min(1, 'Please enter a website URL')
    .pipe(websiteUrlSchema),
  /** The assistant the FAQs are for; null (or 'all') means every assistant of the owner. */
  chatbotId: knowledgeChatbotIdSchema,
  businessName: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((name) => name || DEFAULT_FAQ_BUSINESS_NAME),
});
export type GenerateFaqsRequest = z.input<typeof generateFaqsRequestSchema>;

export const generateFaqsResponseSchema = z.object({
  success: z.literal(true),
  faqsGenerated: z.number().int().positive(),
  /** The stored `faq` entries, in the order they were generated. */
  entries: z.array(knowledgeEntrySchema),
});
export type GenerateFaqsResponse = z.infer<typeof generateFaqsResponseSchema>;
