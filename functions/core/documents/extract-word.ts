import WordExtractor from 'word-extractor';
import { unprocessableDocument } from './document-errors.js';
import { DAMAGED_WORD_MESSAGE } from './extract-docx.js';

/**
 * Text of a legacy Word 97-2003 document (an OLE compound file), by word-extractor. A .docx is read
 * by extract-docx.ts, under the unpacking and XML limits word-extractor does not have.
 */
export async function extractWordText(bytes: Uint8Array): Promise<string> {
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw unprocessableDocument(DAMAGED_WORD_MESSAGE);
  }
  // Word ends each paragraph with one line break; the knowledge chunker separates paragraphs by a blank line.
  const parts = [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }), document.getFootnotes(), document.getEndnotes()];
  return parts
    .map((part) => part.replace(/\n/g, '\n\n'))
    .filter((part) => part.trim())
    .join('\n\n');
}
