import * as z from 'zod';
import { MAX_CHAT_MESSAGE_CHARS } from './chat-constants.js';

/** Spec 001 section 3 "conversation" channels (sms appears in the contacts inbox); voice: issue 16's talks on /dashboard/voice. */
export const conversationChannels = ['website', 'whatsapp', 'instagram', 'messenger', 'sms', 'voice'] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

/**
 * Who answers a conversation: the assistant while 'active' (also after 'resolved'), a person while
 * 'in_progress' (the owner replied or took a transfer); the visitor's messages then go only to the inbox.
 */
export const conversationStatuses = ['active', 'in_progress', 'resolved'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** Conversations per page of the inbox list (it scrolls for ever, a page at a time). */
export const DEFAULT_INBOX_PAGE_SIZE = 25;
export const MAX_INBOX_PAGE_SIZE = 100;
export const MAX_INBOX_SEARCH_CHARS = 100;
/** As long as the longest tag a tag_contact action can give (contracts/workflows.ts). */
export const MAX_INBOX_TAG_CHARS = 100;
/** Customer fields the owner edits; long enough for a name, a number, an address or a sentence. */
export const MAX_CUSTOMER_FIELD_CHARS = 200;

/** One row of the inbox list (spec 001 /conversations), with the assistant's business name joined. */
export const inboxConversationSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  business_name: z.string(),
  channel: z.enum(conversationChannels),
  contact_id: z.string(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_avatar: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  reason_for_enquiry: z.string().nullable(),
  /** The contact's tags (tag_contact workflow actions), sorted. */
  tags: z.array(z.string()),
  status: z.enum(conversationStatuses),
  /** Visitor messages since anyone last opened the conversation. */
  unread_count: z.number().int().nonnegative(),
  last_message_at: z.string(),
  created_at: z.string(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

/** GET /conversations: newest activity first; `chatbotId` narrows to one assistant, `q` searches, `tag` keeps the contacts with that tag. */
export const listConversationsQuerySchema = z.object({
  chatbotId: z.string().min(1).max(100).optional(),
  q: z
    .string()
    .max(MAX_INBOX_SEARCH_CHARS, `Searches can be at most ${MAX_INBOX_SEARCH_CHARS} characters`)
    .optional(),
  tag: z.string().min(1, 'tag cannot be empty').max(MAX_INBOX_TAG_CHARS, `Tags are at most ${MAX_INBOX_TAG_CHARS} characters`).optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_INBOX_PAGE_SIZE, `limit can be at most ${MAX_INBOX_PAGE_SIZE}`)
    .optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

export const conversationListResponseSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/** GET /conversation-tags: the tags on the contacts of the inbox's assistants (all, or `chatbotId`'s), to filter by. */
export const listConversationTagsQuerySchema = z.object({ chatbotId: z.string().min(1).max(100).optional() });
export type ListConversationTagsQuery = z.infer<typeof listConversationTagsQuerySchema>;
export const conversationTagsResponseSchema = z.object({ tags: z.array(z.string()) });
export type ConversationTagsResponse = z.infer<typeof conversationTagsResponseSchema>;

/**
 * Spec 001 section 3 "message". `sender_type` user is the visitor, assistant the business (the bot, or a
 * person when `agent_id` is set: an owner's reply), system a notice such as a handoff.
 */
export const inboxMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_type: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  message_type: z.string(),
  /** The person who wrote this reply from the inbox; absent for the bot and the visitor. */
  agent_id: z.string().nullable(),
  /** That person's name as the visitor saw it (on their replies and on a 'joined' notice). */
  person_name: z.string().optional(),
  /** That person's picture then, if they had one (the inbox shows their initials otherwise). */
  person_avatar: z.string().optional(),
  created_at: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** GET /conversations/{id}: the conversation and its messages, oldest first. */
export const conversationDetailResponseSchema = z.object({
  conversation: inboxConversationSchema,
  messages: z.array(inboxMessageSchema),
});
export type ConversationDetailResponse = z.infer<typeof conversationDetailResponseSchema>;

/** POST /conversations/{id}/messages: the owner answers as the business. Blank text is refused. */
export const ownerReplyRequestSchema = z.object({
  content: z
    .string('Please enter a message')
    .max(MAX_CHAT_MESSAGE_CHARS, `Messages can be at most ${MAX_CHAT_MESSAGE_CHARS} characters`)
    .refine((m) => m.trim().length > 0, 'Please enter a message'),
});
export type OwnerReplyRequest = z.infer<typeof ownerReplyRequestSchema>;

export const ownerReplyResponseSchema = z.object({
  message: inboxMessageSchema,
  conversation: inboxConversationSchema,
});

const customerField = z
  .string()
  .trim()
  .max(MAX_CUSTOMER_FIELD_CHARS, `Customer details can be at most ${MAX_CUSTOMER_FIELD_CHARS} characters`);

/** PATCH /conversations/{id}: the owner corrects what was gathered about the customer; '' clears a field. */
export const updateConversationRequestSchema = z
  .object({
    customer_name: customerField.optional(),
    customer_phone: customerField
      .refine((v) => v === '' || /^\+?[\d\s().-]{5,30}$/.test(v), 'Please enter a phone number of digits, spaces, +, -, ( or )')
      .optional(),
    customer_email: customerField.refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid e-mail address').optional(),
    reason_for_enquiry: customerField.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change: send customer_name, customer_phone, customer_email or reason_for_enquiry');
export type UpdateConversationRequest = z.infer<typeof updateConversationRequestSchema>;

export const conversationResponseSchema = z.object({ conversation: inboxConversationSchema });

/**
 * PUT /conversations/{id}/status: 'in_progress' takes the conversation over (a person answers, its
 * transfer is accepted), 'active' hands it back to the assistant, 'resolved' closes it (the assistant
 * answers again should the visitor write); transfers follow (core/transfers/takeover.ts).
 */
export const setConversationStatusRequestSchema = z
  .object({ status: z.enum(conversationStatuses, 'status must be active, in_progress or resolved') })
  .strict();
export type SetConversationStatusRequest = z.infer<typeof setConversationStatusRequestSchema>;
