import {
  knowledgeEntryListResponseSchema,
  knowledgeEntryResponseSchema,
  knowledgeFileUrlResponseSchema,
  type CreateKnowledgeEntryRequest,
  type KnowledgeEntry,
  type KnowledgeType,
} from '@contracts/knowledge';
import {
  documentUploadUrlResponseSchema,
  processDocumentResponseSchema,
  type ProcessDocumentRequest,
} from '@contracts/documents';
import { generateFaqsResponseSchema, type GenerateFaqsRequest, type GenerateFaqsResponse } from '@contracts/faqs';
import * as z from 'zod';
import { ApiError, type ApiClient } from '@/lib/api';

const deletedResponseSchema = z.object({ deleted: z.literal(true) });

const entryPath = (id: string) => `/knowledge/${encodeURIComponent(id)}`;

/** What the edit dialog changes. */
export interface KnowledgeEntryChanges {
  title?: string;
  content?: string;
  type?: KnowledgeType;
  chatbot_id?: string | null;
}

/** GET /knowledge: the owner's entries, newest first, long contents cut to previews. */
export async function listKnowledgeEntries(api: ApiClient, signal?: AbortSignal): Promise<KnowledgeEntry[]> {
  const { entries } = await api.request('/knowledge', { schema: knowledgeEntryListResponseSchema, signal });
  return entries;
}

/** GET /knowledge/{id}: one entry with its whole content (lists carry previews). */
export async function getKnowledgeEntry(api: ApiClient, id: string, signal?: AbortSignal): Promise<KnowledgeEntry> {
  const { entry } = await api.request(entryPath(id), { schema: knowledgeEntryResponseSchema, signal });
  return entry;
}

/** POST /knowledge (the Manual Entry tab). */
export async function createKnowledgeEntry(api: ApiClient, body: CreateKnowledgeEntryRequest): Promise<KnowledgeEntry> {
  const { entry } = await api.request('/knowledge', { method: 'POST', body, schema: knowledgeEntryResponseSchema });
  return entry;
}

/** PATCH /knowledge/{id} */
export async function updateKnowledgeEntry(api: ApiClient, id: string, changes: KnowledgeEntryChanges): Promise<KnowledgeEntry> {
  const { entry } = await api.request(entryPath(id), { method: 'PATCH', body: changes, schema: knowledgeEntryResponseSchema });
  return entry;
}

/** PUT /knowledge/{id}/active */
export async function setKnowledgeEntryActive(api: ApiClient, id: string, isActive: boolean): Promise<KnowledgeEntry> {
  const { entry } = await api.request(`${entryPath(id)}/active`, {
    method: 'PUT',
    body: { is_active: isActive },
    schema: knowledgeEntryResponseSchema,
  });
  return entry;
}

/** DELETE /knowledge/{id} (its stored file goes with it). */
export async function deleteKnowledgeEntry(api: ApiClient, id: string): Promise<void> {
  await api.request(entryPath(id), { method: 'DELETE', schema: deletedResponseSchema });
}

/** GET /knowledge/{id}/file: a link to the entry's file that works for a few minutes only. */
export async function getKnowledgeFileUrl(api: ApiClient, id: string): Promise<string> {
  const { url } = await api.request(`${entryPath(id)}/file`, { schema: knowledgeFileUrlResponseSchema });
  return url;
}

export interface DocumentUpload {
  file: File;
  title: string;
  type: KnowledgeType;
  chatbotId: string | null;
}

/** Spec 000 section 9: upload progress steps. */
export const UPLOAD_PROGRESS = { stored: 50, processed: 90, listed: 100 } as const;

/**
 * The Upload Document tab (process-document): asks for a presigned upload, sends the file straight to
 * storage (50), then has the server extract its text into an entry (90).
 */
export async function uploadKnowledgeDocument(
  api: ApiClient,
  { file, title, type, chatbotId }: DocumentUpload,
  onProgress: (percent: number) => void,
): Promise<z.infer<typeof processDocumentResponseSchema>> {
  const { uploadUrl, headers, uploadId } = await api.request('/knowledge/documents/upload-url', {
    method: 'POST',
    body: { fileName: file.name, size: file.size },
    schema: documentUploadUrlResponseSchema,
  });
  let stored: Response;
  try {
    stored = await fetch(uploadUrl, { method: 'PUT', headers, body: file });
  } catch (cause) {
    throw new ApiError(0, 'Could not reach the file storage. Check your connection and try again.', { cause });
  }
  if (!stored.ok) throw new ApiError(stored.status, `The file upload failed (status ${stored.status}).`);
  onProgress(UPLOAD_PROGRESS.stored);

  const body: ProcessDocumentRequest = { uploadId, fileName: file.name, title, type, chatbotId };
  const processed = await api.request('/knowledge/documents', {
    method: 'POST',
    body,
    schema: processDocumentResponseSchema,
  });
  onProgress(UPLOAD_PROGRESS.processed);
  return processed;
}

/** The Website FAQs tab (generate-faqs-from-website): 8-15 FAQ entries from the site. */
export function generateWebsiteFaqs(api: ApiClient, body: GenerateFaqsRequest): Promise<GenerateFaqsResponse> {
  return api.request('/knowledge/faqs', { method: 'POST', body, schema: generateFaqsResponseSchema });
}
