import * as z from 'zod';
import { knowledgeChatbotIdSchema, knowledgeEntrySchema, knowledgeTitleTextSchema, knowledgeTypes } from './knowledge.js';

/** Spec 000 section 5: the only files the Upload Document tab accepts. */
export const documentExtensions = ['.txt', '.json', '.csv', '.md', '.pdf', '.doc', '.docx'] as const;
export type DocumentExtension = (typeof documentExtensions)[number];

/** Spec 000 section 5: the toast for any other file ('Unsupported File Type' / this text). */
export const UNSUPPORTED_FILE_TYPE_TITLE = 'Unsupported File Type';
export const UNSUPPORTED_FILE_TYPE_MESSAGE = `Please select a supported file type: ${documentExtensions.join(', ')}`;

/**
 * The largest document accepted. A 10 MB PDF is hundreds of pages, more text than one entry holds
 * (MAX_KNOWLEDGE_CONTENT_CHARS); parsing it fits the function's memory and the API's 29 s.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE = 'Please select a document under 10 MB';
export const NO_TEXT_MESSAGE = 'No text could be extracted from this document';

/** The file's extension if it is one the Upload Document tab accepts (case-insensitive), else null. */
export function documentExtension(fileName: string): DocumentExtension | null {
  const match = /\.[^./\\]+$/.exec(fileName.trim().toLowerCase());
  const extension = match?.[0];
  return (documentExtensions as readonly string[]).includes(extension ?? '') ? (extension as DocumentExtension) : null;
}

const fileName = z.string().trim().min(1, 'Please select a file').max(255, 'File names can be at most 255 characters');

/**
 * POST /knowledge/documents/upload-url. The extension and the size limit are checked again by the
 * server (400 with UNSUPPORTED_FILE_TYPE_MESSAGE, 413 with DOCUMENT_TOO_LARGE_MESSAGE).
 */
export const documentUploadUrlRequestSchema = z.object({
  fileName,
  size: z.number().int().positive('This file is empty'),
});

/** PUT the file's bytes to `uploadUrl` with exactly these headers, then process it by `uploadId`. */
export const documentUploadUrlResponseSchema = z.object({
  uploadUrl: z.string().url(),
  headers: z.record(z.string(), z.string()),
  uploadId: z.string(),
});

/**
 * POST /knowledge/documents (process-document): turns an uploaded file into a knowledge entry.
 * 201 with the entry; 400 unsupported type; 404 unknown upload or assistant; 413 too large;
 * 422 when the content is not what the extension says or holds no usable text.
 */
export const processDocumentRequestSchema = z.object({
  uploadId: z.uuid('Unknown upload: please upload the file again'),
  fileName,
  /** Empty or left out: the file name (the dialog fills it from the file name). */
  title: knowledgeTitleTextSchema.optional(),
  type: z.enum(knowledgeTypes).default('document'),
  /** null, 'all' or left out: every assistant of the owner. */
  chatbotId: knowledgeChatbotIdSchema,
});
export type ProcessDocumentRequest = z.input<typeof processDocumentRequestSchema>;

export const processDocumentResponseSchema = z.object({ message: z.string(), entry: knowledgeEntrySchema });
