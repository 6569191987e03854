/**
 * Control characters that never occur in text files (C0 except tab, line feed, vertical tab, form
 * feed and carriage return; and DEL). Binary data is full of them.
 */
// eslint-disable-next-line no-control-regex
const BINARY_CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
/** Legacy text can carry a stray control byte (an old escape code); binary data has one every few bytes. */
const MAX_CONTROL_SHARE = 0.001;

/**
 * The text of a plain-text file (.txt, .md, .csv, .json), or null when the bytes are not text.
 * UTF-8 with or without a byte order mark, UTF-16 with one, and otherwise Windows-1252 (what
 * spreadsheet programs on Windows still write for CSV), which decodes every byte.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes.includes(0)) return null;
    else text = utf8OrWindows1252(bytes);
  } catch {
    return null;
  }
  const controls = text.match(BINARY_CONTROLS)?.length ?? 0;
  return text.includes('\u0000') || controls > text.length * MAX_CONTROL_SHARE ? null : text;
}

function utf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node 20's TextDecoder('windows-1252') decodes as Latin-1 (0x80 becomes U+0080, not the euro
    // sign), so the 32 characters where the two differ are mapped here.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? c);
  }
}

/** Windows-1252 bytes 0x80-0x9F; the five it leaves undefined stay as they are. */
const WINDOWS_1252_C1 = [
  '\u20ac', undefined, '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021',
  '\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', undefined, '\u017d', undefined,
  undefined, '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014',
  '\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', undefined, '\u017e', '\u0178',
];
