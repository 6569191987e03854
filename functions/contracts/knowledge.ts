import * as z from 'zod';
import { wholeNumberText } from './whole-number-text.js';

/** Spec 000 section 9: knowledge types. */
export const knowledgeTypes = ['faq', 'context', 'document', 'link'] as const;
export type KnowledgeType = (typeof knowledgeTypes)[number];

export const MAX_KNOWLEDGE_TITLE_CHARS = 200;
/**
 * The most text one entry holds. DynamoDB items stop at 400 KB; 100,000 characters of UTF-8 stays
 * well inside it even with accents, and is about 40 pages of a manual.
 */
export const MAX_KNOWLEDGE_CONTENT_CHARS = 100_000;
/**
 * Entries one owner may keep. GET /knowledge lists them all, and every re-index reads them all: the
 * limit keeps both within a Lambda's time and response size (1,000 list previews are about 2 MB).
 */
export const MAX_KNOWLEDGE_ENTRIES_PER_OWNER = 1_000;

/** Spec 000 section 3 "knowledge_base entry". `chatbot_id: null` means every assistant of the owner. */
export const knowledgeEntrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  chatbot_id: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  type: z.enum(knowledgeTypes),
  is_active: z.boolean(),
  file_name: z.string().nullable(),
  /** Bytes of the uploaded file; null for entries without a file. */
  file_size: z.number().int().nonnegative().nullable(),
  /** The entry has a stored file; its short-lived link comes from GET /knowledge/{id}/file. */
  has_file: z.boolean(),
  /** Characters of the whole content; in lists `content` is only a preview when this is longer. */
  content_length: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

/** The one rule for a title as typed; where a title is required, `knowledgeTitleSchema` adds that. */
export const knowledgeTitleTextSchema = z
  .string()
  .trim()
  .max(MAX_KNOWLEDGE_TITLE_CHARS, `Titles can be at most ${MAX_KNOWLEDGE_TITLE_CHARS} characters`);
export const knowledgeTitleSchema = knowledgeTitleTextSchema.min(1, 'Please enter a title');
const content = z
  .string()
  .trim()
  .min(1, 'Please enter the content')
  .max(MAX_KNOWLEDGE_CONTENT_CHARS, `Content can be at most ${wholeNumberText(MAX_KNOWLEDGE_CONTENT_CHARS)} characters`);
/** The assistant an entry is for; the form's 'all' is stored as null: every assistant of the owner. */
const assignedChatbotId = z.union([z.string().trim().min(1).max(100), z.null()]).transform((id) => (id === 'all' ? null : id));
/** As sent on creation, where leaving it out also means all assistants. */
export const knowledgeChatbotIdSchema = assignedChatbotId.optional().transform((id) => id ?? null);

/** POST /knowledge: the Manual Entry tab. */
export const createKnowledgeEntryRequestSchema = z.object({
  title: knowledgeTitleSchema,
  content,
  type: z.enum(knowledgeTypes).default('context'),
  chatbot_id: knowledgeChatbotIdSchema,
});
export type CreateKnowledgeEntryRequest = z.input<typeof createKnowledgeEntryRequestSchema>;

/** PATCH /knowledge/{id}: the edit dialog sends title, content, type and chatbot_id. */
export const updateKnowledgeEntryRequestSchema = z
  .object({ title: knowledgeTitleSchema, content, type: z.enum(knowledgeTypes), chatbot_id: assignedChatbotId })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

/** PUT /knowledge/{id}/active */
export const setKnowledgeEntryActiveRequestSchema = z.object({ is_active: z.boolean() });

export const knowledgeEntryResponseSchema = z.object({ entry: knowledgeEntrySchema });
/**
 * GET /knowledge: every entry, its content cut to a preview (a document alone may hold 100,000
 * characters and a Lambda response stops at 6 MB). GET /knowledge/{id} has the whole content.
 */
export const KNOWLEDGE_LIST_PREVIEW_CHARS = 2_000;
export const knowledgeEntryListResponseSchema = z.object({ entries: z.array(knowledgeEntrySchema) });

/** GET /knowledge/{id}/file: a link to the stored file that works for a few minutes. */
export const knowledgeFileUrlResponseSchema = z.object({ url: z.string().url(), expiresInSeconds: z.number().int() });

/** The public list holds at most this many entries (the newest), each with at most this much content. */
export const MAX_PUBLIC_KNOWLEDGE_ENTRIES = 100;
export const PUBLIC_KNOWLEDGE_PREVIEW_CHARS = 1_000;

/**
 * GET /public/chatbots/{id}/knowledge: the demo page's list of what the assistant knows. Only active
 * entries for this assistant (or all assistants), newest first; no file links, no owner ids; longer
 * content is cut to a preview ending in '…'.
 */
export const publicKnowledgeEntrySchema = knowledgeEntrySchema.pick({ id: true, title: true, content: true, type: true });
export const publicKnowledgeResponseSchema = z.object({ entries: z.array(publicKnowledgeEntrySchema) });
