import { MAX_KNOWLEDGE_CONTENT_CHARS } from '../../contracts/knowledge.js';
import { NO_TEXT_MESSAGE, type DocumentExtension } from '../../contracts/documents.js';
import { detectDocumentContent } from './detect-format.js';
import { unprocessableDocument } from './document-errors.js';
import { csvToText } from './extract-csv.js';
import { jsonToText } from './extract-json.js';
import { extractPdfText } from './extract-pdf.js';
import { extractWordText } from './extract-word.js';
import { normalizeExtractedText } from './normalize-text.js';

export const TOO_MUCH_TEXT_MESSAGE =
  `This document has more than ${MAX_KNOWLEDGE_CONTENT_CHARS.toLocaleString('en')} characters of text, ` +
  'the most one knowledge entry holds. Please split it into smaller files and upload them one by one.';

/**
 * Past this much raw text no clean-up (spaces, blank lines) brings a document under the limit, so a
 * long PDF is refused without parsing its remaining pages.
 */
const STOP_READING_CHARS = MAX_KNOWLEDGE_CONTENT_CHARS * 3;

/** What an entry made from a file stores: its text, and the media type to serve the file with. */
export interface ExtractedDocument {
  text: string;
  contentType: string;
}

const CONTENT_TYPES: Record<DocumentExtension, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The text of an uploaded document, checked against what its extension claims. Throws 422 when the
 * content is another format, unreadable, has no text, or has more than one entry holds.
 */
export async function extractDocumentText(extension: DocumentExtension, bytes: Uint8Array): Promise<ExtractedDocument> {
  const content = detectDocumentContent(extension, bytes);
  let raw: string;
  if (content.kind === 'pdf') raw = await extractPdfText(bytes, STOP_READING_CHARS);
  else if (content.kind === 'word') raw = await extractWordText(bytes);
  else if (extension === '.csv') raw = csvToText(content.text);
  else if (extension === '.json') raw = jsonToText(content.text);
  else raw = content.text;

  const text = normalizeExtractedText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw unprocessableDocument(NO_TEXT_MESSAGE);
  if (text.length > MAX_KNOWLEDGE_CONTENT_CHARS) throw unprocessableDocument(TOO_MUCH_TEXT_MESSAGE);
  // The stored file is served with its real type (a PDF opens in the browser's viewer).
  return { text, contentType: CONTENT_TYPES[extension] };
}
