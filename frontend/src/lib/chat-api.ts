import {
  chatOutcomeSchema,
  visitorChatOutcomeSchema,
  correctionSchema,
  demoStatsSchema,
  publicChatbotResponseSchema,
  rateChatMessageResponseSchema,
  type ChatRequest,
  type ChatResponse,
  type OwnerChatRequest,
  type Correction,
  type DemoStats,
  type PublicChatbot,
  type RateChatMessageRequest,
  type SaveCorrectionRequest,
  type TrackDemoAnalyticsRequest,
  type VisitorChatOutcome,
  type VisitorConversationResponse,
  startVisitorResponseSchema,
  visitorConversationResponseSchema,
} from '@contracts/chat';
import { publicKnowledgeResponseSchema, type publicKnowledgeEntrySchema } from '@contracts/knowledge';
import * as z from 'zod';
import { ApiError, type ApiClient } from '@/lib/api';

export type PublicKnowledgeEntry = z.infer<typeof publicKnowledgeEntrySchema>;

const okResponseSchema = z.object({ ok: z.literal(true) });
const correctionResponseSchema = z.object({ correction: correctionSchema });

/** Tries of one chat message when the server could not be reached or was overloaded (the same client message id each time). */
const CHAT_TRIES = 3;
const RETRY_AFTER_MS = [500, 1500];
/** A failure after which the server may have done part of the turn: a retry with the same id completes it once. */
const retriable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

/** A new client message id: crypto.randomUUID exists only on secure pages. */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends one chat message with its client message id, again with the same id after a network failure
 * or a 502 / 503 / 504: the server stores it once and answers a repeat with the first outcome.
 */
async function sendOnce<T>(send: (clientMessageId: string) => Promise<T>, clientMessageId = newClientMessageId(), signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(clientMessageId);
    } catch (error) {
      if (attempt >= CHAT_TRIES || !retriable(error) || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS[attempt - 1]));
    }
  }
}

/**
 * POST /chat (chat-with-emma): a visitor's message (the demo page). Resolves to the reply or the
 * provider's `{ error }`, both with the visitor token the next message must carry.
 */
export function sendVisitorMessage(api: ApiClient, body: ChatRequest, signal?: AbortSignal): Promise<VisitorChatOutcome> {
  return sendOnce(
    (clientMessageId) => api.request('/chat', { method: 'POST', body: { ...body, clientMessageId }, schema: visitorChatOutcomeSchema, auth: false, signal }),
    body.clientMessageId,
    signal,
  );
}

/** POST /chatbots/{id}/chat (chat-as-owner): the owner's test chat and Training studio. */
export async function sendOwnerChatMessage(
  api: ApiClient,
  chatbotId: string,
  body: OwnerChatRequest,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  const outcome = await sendOnce(
    (clientMessageId) =>
      api.request(`/chatbots/${encodeURIComponent(chatbotId)}/chat`, { method: 'POST', body: { ...body, clientMessageId }, schema: chatOutcomeSchema, signal }),
    body.clientMessageId,
    signal,
  );
  if ('error' in outcome) throw new ApiError(200, outcome.error);
  return outcome;
}

/** POST /public/chatbots/{id}/visitor (start-visitor): a new visitor's token, before their first message. */
export async function startVisitor(api: ApiClient, chatbotId: string): Promise<string> {
  const { visitorToken } = await api.request(`/public/chatbots/${encodeURIComponent(chatbotId)}/visitor`, {
    method: 'POST',
    body: {},
    schema: startVisitorResponseSchema,
    auth: false,
  });
  return visitorToken;
}

/** GET /public/chatbots/{id}/conversation (get-visitor-conversation): the visitor's conversation so far, by their token. */
export function getVisitorConversation(api: ApiClient, chatbotId: string, visitorToken: string, signal?: AbortSignal): Promise<VisitorConversationResponse> {
  return api.request(`/public/chatbots/${encodeURIComponent(chatbotId)}/conversation`, {
    schema: visitorConversationResponseSchema,
    visitorToken,
    signal,
  });
}

/** POST /chat/feedback (rate-chat-message): a visitor's thumbs up / down on one reply. */
export async function rateChatMessage(api: ApiClient, body: RateChatMessageRequest): Promise<void> {
  // A rating is set, not added: sending it again counts once.
  await sendOnce(() => api.request('/chat/feedback', { method: 'POST', body, schema: rateChatMessageResponseSchema, auth: false }));
}

/** GET /public/chatbots/{id}: the demo-safe fields; inactive or unknown is a 404 ApiError. */
export async function getPublicChatbot(api: ApiClient, id: string, signal?: AbortSignal): Promise<PublicChatbot> {
  const { chatbot } = await api.request(`/public/chatbots/${encodeURIComponent(id)}`, {
    schema: publicChatbotResponseSchema,
    auth: false,
    signal,
  });
  return chatbot;
}

/** GET /public/chatbots/{id}/demo-stats (get-demo-stats). */
export function getDemoStats(api: ApiClient, id: string, signal?: AbortSignal): Promise<DemoStats> {
  return api.request(`/public/chatbots/${encodeURIComponent(id)}/demo-stats`, {
    schema: demoStatsSchema,
    auth: false,
    signal,
  });
}

/** GET /public/chatbots/{id}/knowledge: the assistant's active knowledge entries, newest first (demo page). */
export async function getPublicKnowledge(api: ApiClient, id: string, signal?: AbortSignal): Promise<PublicKnowledgeEntry[]> {
  const { entries } = await api.request(`/public/chatbots/${encodeURIComponent(id)}/knowledge`, {
    schema: publicKnowledgeResponseSchema,
    auth: false,
    signal,
  });
  return entries;
}

/** POST /demo/analytics (track-demo-analytics). Failures are only logged (spec 000 section 8). */
export async function trackDemoEvent(api: ApiClient, body: TrackDemoAnalyticsRequest): Promise<void> {
  try {
    await api.request('/demo/analytics', { method: 'POST', body, schema: okResponseSchema, auth: false });
  } catch (error) {
    console.warn('Demo tracking failed:', error);
  }
}

/** POST /chatbots/{id}/corrections: the owner's edit of a test chat reply. */
export async function saveCorrection(api: ApiClient, chatbotId: string, body: SaveCorrectionRequest): Promise<Correction> {
  const { correction } = await api.request(`/chatbots/${encodeURIComponent(chatbotId)}/corrections`, {
    method: 'POST',
    body,
    schema: correctionResponseSchema,
  });
  return correction;
}
