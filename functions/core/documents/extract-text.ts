import { MAX_KNOWLEDGE_CONTENT_CHARS } from '../../contracts/knowledge.js';
import { checkPdfStreams } from './check-pdf-streams.js';
import { NO_TEXT_MESSAGE, type DocumentExtension } from '../../contracts/documents.js';
import { detectDocumentContent } from './detect-format.js';
import { unprocessableDocument } from './document-errors.js';
import { csvToText } from './extract-csv.js';
import { extractDocxText } from './extract-docx.js';
import { jsonToText } from './extract-json.js';
import { extractPdfText } from './extract-pdf.js';
import { extractWordText } from './extract-word.js';
import { LIMIT_MESSAGES, STOP_READING_CHARS } from './extraction-limits.js';
import { normalizeExtractedText } from './normalize-text.js';

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
 * content is another format, unreadable, has no text, has more than one entry holds, or passes one of
 * the reading limits (extraction-limits.ts). Runs in a reader process (read-document.ts), never on the
 * request's event loop.
 */
export async function extractDocumentText(extension: DocumentExtension, bytes: Uint8Array): Promise<ExtractedDocument> {
  const content = detectDocumentContent(extension, bytes);
  let raw: string;
  if (content.kind === 'pdf') {
    checkPdfStreams(bytes);
    raw = await extractPdfText(bytes, STOP_READING_CHARS);
  } else if (content.kind === 'docx') raw = extractDocxText(bytes);
  else if (content.kind === 'doc') raw = await extractWordText(bytes);
  else if (extension === '.csv') raw = csvToText(content.text);
  else if (extension === '.json') raw = jsonToText(content.text);
  else raw = content.text;

  const text = normalizeExtractedText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) throw unprocessableDocument(NO_TEXT_MESSAGE);
  if (text.length > MAX_KNOWLEDGE_CONTENT_CHARS) throw unprocessableDocument(LIMIT_MESSAGES.tooMuchText);
  // The stored file is served with its real type (a PDF opens in the browser's viewer).
  return { text, contentType: CONTENT_TYPES[extension] };
}
