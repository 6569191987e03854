import * as z from 'zod';
import { MAX_CHAT_MESSAGE_CHARS } from './chat-constants.js';
import { chatbotSchema } from './chatbot.js';

export * from './chat-constants.js';

/** Actions the engine asks the visitor to confirm first (Conversation Controls' requireConfirmation). */
export const confirmationActions = ['handoff'] as const;
/** A visitor's answer to a confirmation question: the action (yes) or 'declined' (no). */
export const confirmationAnswers = [...confirmationActions, 'declined'] as const;

const chatMessageSchema = z
  .string()
  .max(MAX_CHAT_MESSAGE_CHARS, `Messages can be at most ${MAX_CHAT_MESSAGE_CHARS} characters`)
  .refine((m) => m.trim().length > 0, 'Please enter a message');

/**
 * The visitor's answer to the open confirmation question (`confirmation` of the previous reply), with
 * `message` the text they are shown to say: 'handoff' = yes, connect me with a person; 'declined' = no.
 * Counts only while the conversation's latest reply asked and was not answered yet; otherwise the
 * message is an ordinary one.
 */
const confirmAnswerSchema = z.enum(confirmationAnswers).optional();

/**
 * The id the client gives each message it sends (a UUID is a good choice), the same on every retry:
 * a repeat gets the first answer and stores nothing new. Optional for older clients, which then get none of that.
 */
export const clientMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'clientMessageId is 8 to 100 letters, digits or . _ : - (a UUID is a good choice)')
  .optional();

/**
 * The client listens on its realtime socket (its visitor token's, or the signed-in user's): a model's
 * answer is streamed there sentence by sentence as `stream` events under the client message id, while
 * this request still returns the whole reply (which replaces the streamed text). Without a client
 * message id nothing is streamed.
 */
const streamSchema = z.boolean().optional();

/** A visitor token as the server issued it (a compact JWS). */
export const visitorTokenSchema = z.string().min(1).max(2048);

/**
 * POST /chat (chat-with-emma): spec 000 section 7 and spec 001 section 7. Public: the embed widget and
 * the demo page. The first message comes without a token; every reply carries the visitor token that
 * continues this visitor's conversation, so a contact id is never chosen by the client.
 */
export const chatRequestSchema = z.object({
  message: chatMessageSchema,
  chatbotId: z.string().min(1).max(100),
  visitorToken: visitorTokenSchema.optional(),
  clientMessageId: clientMessageIdSchema,
  stream: streamSchema,
  contactName: z.string().trim().max(100).optional(),
  confirm: confirmAnswerSchema,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/**
 * POST /chatbots/{id}/chat (chat-as-owner): the owner's test chat and Training studio. The contact is
 * the signed-in owner; `session` names one of their test conversations ('training' for the studio).
 */
export const ownerChatRequestSchema = z.object({
  message: chatMessageSchema,
  session: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'session is 1 to 64 letters, digits, _ or -'),
  clientMessageId: clientMessageIdSchema,
  stream: streamSchema,
  contactName: z.string().trim().max(100).optional(),
  confirm: confirmAnswerSchema,
});
export type OwnerChatRequest = z.infer<typeof ownerChatRequestSchema>;

export const chatSourceSchema = z.object({ title: z.string(), url: z.string() });

export const chatResponseSchema = z.object({
  message: z.string(),
  conversationId: z.string(),
  messageId: z.string(),
  /** Pages the answer came from. */
  sources: z.array(chatSourceSchema),
  /** An escalation trigger matched: a human agent transfer was requested. */
  transferRequested: z.boolean(),
  /** The reply asks the visitor to confirm this action; the widget offers Yes / No. */
  confirmation: z.object({ action: z.enum(confirmationActions) }).optional(),
  /**
   * A person answers the conversation, or a transfer to one waits: the message went to the inbox and
   * the assistant does not answer. `message` is the acknowledgement shown to the visitor ("Your message
   * is with the team", not stored), `messageId` the visitor's message; the person answers from the inbox.
   */
  personAnswering: z.literal(true).optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/**
 * What the chat routes answer with status 200: the reply, or `{ error }` when the AI provider failed
 * (not the visitor's fault, so not a 4xx; and never a 5xx; their message is kept).
 */
export const chatOutcomeSchema = z.union([chatResponseSchema, z.object({ error: z.string() })]);

/** POST /chat's answer: the outcome plus the visitor token for the next message (renewed every time). */
export const visitorChatOutcomeSchema = z.union([
  chatResponseSchema.extend({ visitorToken: visitorTokenSchema }),
  z.object({ error: z.string(), visitorToken: visitorTokenSchema }),
]);
export type VisitorChatOutcome = z.infer<typeof visitorChatOutcomeSchema>;

/**
 * GET /public/chatbots/{id}: the spec's `chatbots_demo_safe`, the only fields of an assistant the
 * public (demo page, embed widget) may read. Inactive or unknown -> 404.
 */
export const publicChatbotSchema = chatbotSchema
  .pick({
    id: true,
    business_name: true,
    agent_name: true,
    agent_personality: true,
    agent_image: true,
    primary_color: true,
    secondary_color: true,
    chat_position: true,
    chat_style: true,
    website_url: true,
    is_active: true,
    training_quality: true,
    training_status: true,
  })
  .extend({
    welcome_message: z.string(),
    typing_indicator: z.boolean(),
    response_delay: z.number(),
    collect_feedback: z.boolean(),
  });
export type PublicChatbot = z.infer<typeof publicChatbotSchema>;
export const publicChatbotResponseSchema = z.object({ chatbot: publicChatbotSchema });

export const feedbackRatings = ['up', 'down'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/**
 * POST /chat/feedback (rate-chat-message): a visitor's thumbs up or down on one assistant reply, when
 * the assistant collects feedback. The ids come from the reply; only the token holder's conversation counts.
 */
export const rateChatMessageRequestSchema = z.object({
  chatbotId: z.string().min(1).max(100),
  visitorToken: visitorTokenSchema,
  conversationId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
  rating: z.enum(feedbackRatings),
});
export type RateChatMessageRequest = z.infer<typeof rateChatMessageRequestSchema>;
export const rateChatMessageResponseSchema = z.object({ messageId: z.string(), rating: z.enum(feedbackRatings) });

/**
 * GET /public/chatbots/{id}/conversation (get-visitor-conversation): the visitor's current conversation
 * with the assistant, oldest first, for a widget that was reloaded or reopened. Visitor access: the visitor
 * token in `Authorization: Bearer`. The business's replies (the assistant's, a person's from the inbox, a
 * message the business sent) are all `assistant`; the inbox's own notices are not the visitor's to read.
 */
export const visitorMessageSchema = z.object({
  id: z.string(),
  /** 'notice': a person joined, or the assistant answers again (shown as a line, not a bubble). */
  role: z.enum(['user', 'assistant', 'notice']),
  content: z.string(),
  created_at: z.string(),
  /** The person of the business who wrote this reply (absent for the assistant's). */
  person: z.object({ name: z.string(), avatar: z.string().optional() }).optional(),
  /** An answer of the assistant itself, which the visitor may rate (absent for a person's reply or a question). */
  rateable: z.boolean(),
  rating: z.enum(feedbackRatings).optional(),
});
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;
export const visitorConversationResponseSchema = z.object({
  /** Null before the visitor's first message reached the assistant (or after the owner deleted it). */
  conversationId: z.string().nullable(),
  messages: z.array(visitorMessageSchema),
});
export type VisitorConversationResponse = z.infer<typeof visitorConversationResponseSchema>;

/** POST /public/chatbots/{id}/visitor (start-visitor): a new visitor's token, before their first message. */
export const startVisitorResponseSchema = z.object({ visitorToken: visitorTokenSchema });
export type StartVisitorResponse = z.infer<typeof startVisitorResponseSchema>;

/** POST /demo/analytics (track-demo-analytics). Failures are ignored by the client (spec). */
export const demoEventTypes = ['demo_view', 'demo_interaction'] as const;
export const trackDemoAnalyticsRequestSchema = z.object({
  chatbot_id: z.string().min(1).max(100),
  event_type: z.enum(demoEventTypes),
  /** One demo page visit; the average session is measured per session. */
  session_id: z.string().trim().min(1).max(100),
  metadata: z
    .object({
      message_content: z.string().max(100, 'message_content is truncated to 100 characters').optional(),
      timestamp: z.string().max(40).optional(),
    })
    .optional(),
});
export type TrackDemoAnalyticsRequest = z.infer<typeof trackDemoAnalyticsRequestSchema>;

/** GET /public/chatbots/{id}/demo-stats (get-demo-stats): spec 001 "Demo stats". */
export const demoStatsSchema = z.object({
  total_views: z.number().int().nonnegative(),
  total_interactions: z.number().int().nonnegative(),
  /** Seconds, mean over sessions with at least one interaction. */
  avg_session_time: z.number().nonnegative(),
  last_accessed: z.string().nullable(),
});
export type DemoStats = z.infer<typeof demoStatsSchema>;

/** POST /chatbots/{id}/corrections: spec 000 `conversation_corrections` (the owner's edit of a reply). */
export const saveCorrectionRequestSchema = z.object({
  original_message: z.string().trim().min(1).max(MAX_CHAT_MESSAGE_CHARS),
  original_response: z.string().max(10_000),
  corrected_response: z.string().trim().min(1, 'Please enter a response').max(10_000),
  context_used: z.string().max(1000).optional(),
});
export type SaveCorrectionRequest = z.infer<typeof saveCorrectionRequestSchema>;
export const correctionSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  original_message: z.string(),
  original_response: z.string(),
  corrected_response: z.string(),
  context_used: z.string(),
  created_at: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;
