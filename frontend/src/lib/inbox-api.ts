import {
  conversationDetailResponseSchema,
  conversationListResponseSchema,
  conversationResponseSchema,
  conversationTagsResponseSchema,
  ownerReplyResponseSchema,
  type ConversationDetailResponse,
  type ConversationStatus,
  type ConversationListResponse,
  type InboxConversation,
  type UpdateConversationRequest,
} from '@contracts/inbox';
import * as z from 'zod';
import type { ApiClient } from '@/lib/api';

const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;

export interface InboxListParams {
  /** One assistant's conversations; all of the owner's without it. */
  chatbotId?: string;
  q?: string;
  /** Only the conversations of contacts with this tag. */
  tag?: string;
  cursor?: string;
  /** Conversations per page; the server's default without it. */
  limit?: number;
}

/** GET /conversations: a page of the inbox, newest activity first. */
export function listConversations(api: ApiClient, params: InboxListParams, signal?: AbortSignal): Promise<ConversationListResponse> {
  const query = new URLSearchParams();
  if (params.chatbotId) query.set('chatbotId', params.chatbotId);
  if (params.q?.trim()) query.set('q', params.q.trim());
  if (params.tag) query.set('tag', params.tag);
  if (params.cursor) query.set('cursor', params.cursor);
  if (params.limit) query.set('limit', String(params.limit));
  const suffix = query.size ? `?${query.toString()}` : '';
  return api.request(`/conversations${suffix}`, { schema: conversationListResponseSchema, signal });
}

/** GET /conversation-tags: the tags on the contacts of one assistant, or of all the owner's. */
export async function listConversationTags(api: ApiClient, chatbotId: string | undefined, signal?: AbortSignal): Promise<string[]> {
  const suffix = chatbotId ? `?${new URLSearchParams({ chatbotId }).toString()}` : '';
  const { tags } = await api.request(`/conversation-tags${suffix}`, { schema: conversationTagsResponseSchema, signal });
  return tags;
}

/** GET /conversations/{id}: the conversation and its messages, oldest first. */
export function getConversation(api: ApiClient, id: string, signal?: AbortSignal): Promise<ConversationDetailResponse> {
  return api.request(conversationPath(id), { schema: conversationDetailResponseSchema, signal });
}

/** POST /conversations/{id}/messages: the owner's reply, as the business. */
export function sendOwnerReply(api: ApiClient, id: string, content: string) {
  return api.request(`${conversationPath(id)}/messages`, { method: 'POST', body: { content }, schema: ownerReplyResponseSchema });
}

/** PATCH /conversations/{id}: the customer's details. */
export async function updateConversation(api: ApiClient, id: string, changes: UpdateConversationRequest): Promise<InboxConversation> {
  const { conversation } = await api.request(conversationPath(id), { method: 'PATCH', body: changes, schema: conversationResponseSchema });
  return conversation;
}

/** DELETE /conversations/{id}. */
export async function deleteConversation(api: ApiClient, id: string): Promise<void> {
  await api.request(conversationPath(id), { method: 'DELETE', schema: z.object({ deleted: z.literal(true) }) });
}

/** PUT /conversations/{id}/status: take over (in_progress), hand back (active) or resolve. */
export async function setConversationStatus(api: ApiClient, id: string, status: ConversationStatus): Promise<InboxConversation> {
  const { conversation } = await api.request(`${conversationPath(id)}/status`, { method: 'PUT', body: { status }, schema: conversationResponseSchema });
  return conversation;
}
