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
  visitorConversationResponseSchema,
} from '@contracts/chat';
import { publicKnowledgeResponseSchema, type publicKnowledgeEntrySchema } from '@contracts/knowledge';
import * as z from 'zod';
import { ApiError, type ApiClient } from '@/lib/api';

export type PublicKnowledgeEntry = z.infer<typeof publicKnowledgeEntrySchema>;

const okResponseSchema = z.object({ ok: z.literal(true) });
const correctionResponseSchema = z.object({ correction: correctionSchema });

/**
 * POST /chat (chat-with-emma): a visitor's message (the demo page). Resolves to the reply or the
 * provider's `{ error }`, both with the visitor token the next message must carry.
 */
export function sendVisitorMessage(api: ApiClient, body: ChatRequest, signal?: AbortSignal): Promise<VisitorChatOutcome> {
  return api.request('/chat', { method: 'POST', body, schema: visitorChatOutcomeSchema, auth: false, signal });
}

/** POST /chatbots/{id}/chat (chat-as-owner): the owner's test chat and Training studio. */
export async function sendOwnerChatMessage(
  api: ApiClient,
  chatbotId: string,
  body: OwnerChatRequest,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  const outcome = await api.request(`/chatbots/${encodeURIComponent(chatbotId)}/chat`, {
    method: 'POST',
    body,
    schema: chatOutcomeSchema,
    signal,
  });
  if ('error' in outcome) throw new ApiError(200, outcome.error);
  return outcome;
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
  await api.request('/chat/feedback', { method: 'POST', body, schema: rateChatMessageResponseSchema, auth: false });
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
