import type { DocumentExtension } from '../../contracts/documents.js';
import { decodeText } from './decode-text.js';
import { unprocessableDocument } from './document-errors.js';
import { zipEntries } from './zip-directory.js';

/** What the bytes of a file really are, by their signature: named in the message when a file is refused. */
type Signature = { label: string; matches: (bytes: Uint8Array) => boolean };

const startsWith =
  (...magic: number[]) =>
  (bytes: Uint8Array) =>
    magic.every((byte, i) => bytes[i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const hasAt = (offset: number, text: string) => (bytes: Uint8Array) => ascii(text).every((c, i) => bytes[offset + i] === c);

/** PDF readers accept the header anywhere in the first 1024 bytes (some files have a preamble). */
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes('%PDF-');
/** Word 97-2003 and other OLE compound files. */
const isCompoundFile = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const isZip = startsWith(0x50, 0x4b, 0x03, 0x04);

const signatures: Signature[] = [
  { label: 'a PDF document', matches: isPdf },
  { label: 'a Word 97-2003 or other Office file', matches: isCompoundFile },
  { label: 'a ZIP archive', matches: isZip },
  { label: 'a PNG image', matches: startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { label: 'a JPEG image', matches: startsWith(0xff, 0xd8, 0xff) },
  { label: 'a GIF image', matches: hasAt(0, 'GIF8') },
  { label: 'a WebP image', matches: (b) => hasAt(0, 'RIFF')(b) && hasAt(8, 'WEBP')(b) },
  { label: 'a BMP image', matches: hasAt(0, 'BM') },
  { label: 'a TIFF image', matches: (b) => startsWith(0x49, 0x49, 0x2a, 0x00)(b) || startsWith(0x4d, 0x4d, 0x00, 0x2a)(b) },
  { label: 'a gzip archive', matches: startsWith(0x1f, 0x8b) },
  { label: 'a 7-Zip archive', matches: startsWith(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) },
  { label: 'an RTF document', matches: hasAt(0, '{\\rtf') },
  { label: 'a program', matches: (b) => startsWith(0x7f, 0x45, 0x4c, 0x46)(b) || hasAt(0, 'MZ')(b) },
  { label: 'an audio or video file', matches: (b) => hasAt(4, 'ftyp')(b) || hasAt(0, 'ID3')(b) || hasAt(0, 'OggS')(b) },
];

const describe = (bytes: Uint8Array) => signatures.find((s) => s.matches(bytes))?.label ?? 'binary data';

/** What a file will be read as: its extension says what it claims, its bytes must agree. */
export type DocumentContent = { kind: 'pdf' } | { kind: 'doc' } | { kind: 'docx' } | { kind: 'text'; text: string };

const mismatch = (extension: string, expected: string, bytes: Uint8Array) =>
  unprocessableDocument(
    `This ${extension} file is not ${expected}: its content is ${describe(bytes)}. Please upload the original document.`,
  );

/**
 * Checks the bytes against the extension (a PNG renamed .pdf, random bytes renamed .txt) and says
 * how to read them; throws 422 with a message naming what the file really is.
 */
export function detectDocumentContent(extension: DocumentExtension, bytes: Uint8Array): DocumentContent {
  switch (extension) {
    case '.pdf':
      if (!isPdf(bytes)) throw mismatch(extension, 'a PDF document', bytes);
      return { kind: 'pdf' };
    case '.doc':
    case '.docx':
      // Either Word format is read by content: a .docx saved under .doc (or the reverse) still opens.
      if (isCompoundFile(bytes)) return { kind: 'doc' };
      if (isZip(bytes)) {
        checkWordArchive(bytes, extension);
        return { kind: 'docx' };
      }
      throw mismatch(extension, 'a Word document', bytes);
    default: {
      const label = extension === '.json' ? 'JSON text' : extension === '.csv' ? 'CSV text' : 'text';
      // Images, archives and Office files hold NUL and control bytes, so they never decode as text;
      // a PDF may be plain ASCII and is recognised by its header.
      const text = decodeText(bytes);
      if (text === null || text.startsWith('%PDF-')) throw mismatch(extension, label, bytes);
      return { kind: 'text', text };
    }
  }
}

function checkWordArchive(bytes: Uint8Array, extension: string): void {
  const entries = zipEntries(bytes);
  if (!entries?.some((entry) => entry.name === 'word/document.xml')) {
    throw unprocessableDocument(
      `This ${extension} file is not a Word document: its content is ${entries ? 'a ZIP archive of other files' : 'a damaged archive'}. Please upload the original document.`,
    );
  }
  // How much it unpacks to is measured while inflating (extract-docx.ts): the sizes here may lie.
}
