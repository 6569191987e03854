import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  documentExtension,
  documentExtensions,
  MAX_DOCUMENT_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  UNSUPPORTED_FILE_TYPE_TITLE,
} from '@contracts/documents';

/**
 * The client's check of a chosen document before anything is sent (spec 000 section 5), with the
 * contract's rules; the server checks them again, and the content too.
 */
export interface DocumentFileProblem {
  title: string;
  description: string;
}

/** Null when the file may be uploaded, else the toast that says why not. */
export function documentFileProblem(file: { name: string; size: number }): DocumentFileProblem | null {
  if (!documentExtension(file.name)) {
    return { title: UNSUPPORTED_FILE_TYPE_TITLE, description: UNSUPPORTED_FILE_TYPE_MESSAGE };
  }
  if (file.size > MAX_DOCUMENT_BYTES) return { title: 'File too large', description: DOCUMENT_TOO_LARGE_MESSAGE };
  if (file.size === 0) return { title: 'Empty file', description: 'This file is empty. Please select a document with text in it.' };
  return null;
}

/** The `accept` attribute of the file input. */
export const DOCUMENT_ACCEPT = documentExtensions.join(',');
