/** One file inside a ZIP archive, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  uncompressedSize: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH_BYTES = 22 + 0xffff;

/**
 * Lists a ZIP archive's files from its central directory without inflating anything, so a DOCX can
 * be recognised (word/document.xml) and a decompression bomb refused before a parser expands it.
 * Returns null when the bytes are not a readable ZIP archive.
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
    const uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({ name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)), uncompressedSize });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
