import { inflateRawSync } from 'node:zlib';

/** One file inside a ZIP archive, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** What the archive claims; never trusted for limits (a hostile file lies here). */
  uncompressedSize: number;
  compressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH_BYTES = 22 + 0xffff;

/**
 * Lists a ZIP archive's files from its central directory without inflating anything, so a DOCX can
 * be recognised (word/document.xml). Returns null when the bytes are not a readable ZIP archive.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_SEARCH_BYTES); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The archive is damaged or uses a feature a Word document never does (encryption, other compression). */
export class UnreadableZipError extends Error {}
/** Inflating passed the byte limit the caller gave; nothing past it was produced. */
export class UnpackLimitError extends Error {}

/**
 * The content of one entry, inflated with a hard cap on the output: the inflater stops as soon as it
 * would produce more than `maxBytes`, whatever the headers claim.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Buffer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new UnreadableZipError('bad local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + Math.min(start, bytes.length), Math.max(0, Math.min(entry.compressedSize, bytes.length - start)));
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new UnpackLimitError();
    return data;
  }
  if (entry.method !== 8) throw new UnreadableZipError(`compression method ${entry.method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new UnpackLimitError();
    throw new UnreadableZipError((error as Error).message);
  }
}
