import WordExtractor from 'word-extractor';
import { unprocessableDocument } from './document-errors.js';

/**
 * Text of a Word document, legacy .doc (Word 97-2003) or .docx: word-extractor reads both, telling
 * them apart by content. One reader for both formats keeps the function's bundle small (mammoth for
 * .docx alone would add about 280 KB minified).
 */
export async function extractWordText(bytes: Uint8Array): Promise<string> {
  let document: WordExtractor.Document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw unprocessableDocument(
      'This Word document could not be read: it may be damaged or password-protected. Please save it again without a password, or as a PDF.',
    );
  }
  // Word ends each paragraph with one line break; the knowledge chunker separates paragraphs by a blank line.
  const parts = [document.getBody(), document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }), document.getFootnotes(), document.getEndnotes()];
  return parts
    .map((part) => part.replace(/\n/g, '\n\n'))
    .filter((part) => part.trim())
    .join('\n\n');
}
