import {
  avatarUploadResponseSchema,
  chatbotListResponseSchema,
  chatbotResponseSchema,
  crawlStatusResponseSchema,
  createChatbotResponseSchema,
  listCrawledPagesResponseSchema,
  siteDetailsResponseSchema,
  syncSettingsResponseSchema,
  type ListCrawledPagesResponse,
  type SyncFrequency,
  type SyncSettingsResponse,
  type Chatbot,
  type CrawlStatusResponse,
  type CreateChatbotRequest,
  type CreateChatbotResponse,
  type SiteDetailsResponse,
  type UpdateChatbotRequest,
} from '@contracts/chatbot';
import * as z from 'zod';
import { ApiError, type ApiClient } from '@/lib/api';

const deletedResponseSchema = z.object({ deleted: z.literal(true) });

export const chatbotPath = (id: string) => `/chatbots/${encodeURIComponent(id)}`;

export type ChatbotSort = 'newest' | 'business_name';

/** GET /chatbots: the owner's assistants, newest first (or by business name, for assistant selectors). */
export async function listChatbots(api: ApiClient, signal?: AbortSignal, sort: ChatbotSort = 'newest'): Promise<Chatbot[]> {
  const path = sort === 'newest' ? '/chatbots' : `/chatbots?sort=${sort}`;
  const { chatbots } = await api.request(path, { schema: chatbotListResponseSchema, signal });
  return chatbots;
}

/** GET /chatbots/{id}; another owner's or an unknown id is a 404 ApiError. */
export async function getChatbot(api: ApiClient, id: string, signal?: AbortSignal): Promise<Chatbot> {
  const { chatbot } = await api.request(chatbotPath(id), { schema: chatbotResponseSchema, signal });
  return chatbot;
}

/** POST /chatbots (create-chatbot). The crawl then runs asynchronously: poll getCrawlStatus. */
export function createChatbot(api: ApiClient, body: CreateChatbotRequest): Promise<CreateChatbotResponse> {
  return api.request('/chatbots', { method: 'POST', body, schema: createChatbotResponseSchema });
}

/** GET /site-details: the business name the site declares, for the owner to confirm before creating. */
export function readSiteDetails(api: ApiClient, websiteUrl: string): Promise<SiteDetailsResponse> {
  return api.request(`/site-details?websiteUrl=${encodeURIComponent(websiteUrl)}`, { schema: siteDetailsResponseSchema });
}

/** GET /chatbots/{id}/crawl: real progress of the crawl and the first pages read. */
export function getCrawlStatus(api: ApiClient, id: string, signal?: AbortSignal): Promise<CrawlStatusResponse> {
  return api.request(`${chatbotPath(id)}/crawl`, { schema: crawlStatusResponseSchema, signal });
}

/** POST /chatbots/{id}/crawl/retry: reads again the pages the last crawl could not read. */
export function retryCrawl(api: ApiClient, id: string): Promise<CrawlStatusResponse> {
  return api.request(`${chatbotPath(id)}/crawl/retry`, { method: 'POST', schema: crawlStatusResponseSchema });
}

/** POST /chatbots/{id}/sync ('Sync now'): reads the website again, keeping what did not change. */
export function syncWebsite(api: ApiClient, id: string): Promise<CrawlStatusResponse> {
  return api.request(`${chatbotPath(id)}/sync`, { method: 'POST', schema: crawlStatusResponseSchema });
}

/** GET /chatbots/{id}/sync: the re-sync frequency and the history of readings. */
export function getSyncSettings(api: ApiClient, id: string, signal?: AbortSignal): Promise<SyncSettingsResponse> {
  return api.request(`${chatbotPath(id)}/sync`, { schema: syncSettingsResponseSchema, signal });
}

/** PUT /chatbots/{id}/sync */
export function setSyncFrequency(api: ApiClient, id: string, frequency: SyncFrequency): Promise<SyncSettingsResponse> {
  return api.request(`${chatbotPath(id)}/sync`, { method: 'PUT', body: { frequency }, schema: syncSettingsResponseSchema });
}

/** GET /chatbots/{id}/pages?search=: the pages the assistant learned. */
export function listLearnedPages(api: ApiClient, id: string, search: string, signal?: AbortSignal): Promise<ListCrawledPagesResponse> {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return api.request(`${chatbotPath(id)}/pages${query}`, { schema: listCrawledPagesResponseSchema, signal });
}

/** PATCH /chatbots/{id} */
export async function updateChatbot(api: ApiClient, id: string, body: UpdateChatbotRequest): Promise<Chatbot> {
  const { chatbot } = await api.request(chatbotPath(id), { method: 'PATCH', body, schema: chatbotResponseSchema });
  return chatbot;
}

/** PUT /chatbots/{id}/active */
export async function setChatbotActive(api: ApiClient, id: string, isActive: boolean): Promise<Chatbot> {
  const { chatbot } = await api.request(`${chatbotPath(id)}/active`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: chatbotResponseSchema,
  });
  return chatbot;
}

/** DELETE /chatbots/{id} */
export async function deleteChatbot(api: ApiClient, id: string): Promise<void> {
  await api.request(chatbotPath(id), { method: 'DELETE', schema: deletedResponseSchema });
}

/**
 * Uploads an avatar image: POST /avatars/upload-url (an assistant's; a person's own is
 * /account/avatar/upload-url) for a presigned PUT, then the file itself. Resolves to the image's
 * public URL (the assistant's agent_image, or what PUT /account/avatar sets).
 */
export async function uploadAvatar(api: ApiClient, file: File, uploadPath = '/avatars/upload-url'): Promise<string> {
  const { uploadUrl, publicUrl, headers } = await api.request(uploadPath, {
    method: 'POST',
    body: { contentType: file.type, size: file.size },
    schema: avatarUploadResponseSchema,
  });
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', headers, body: file });
  } catch (cause) {
    throw new ApiError(0, 'Could not reach the file storage. Check your connection and try again.', { cause });
  }
  if (!response.ok) throw new ApiError(response.status, `The image upload failed (status ${response.status}).`);
  return publicUrl;
}
