/**
 * Extracted text as an entry stores it: Unicode NFC, `\n` line ends, no control characters, no
 * trailing spaces, paragraphs separated by one blank line (the chunker splits on blank lines).
 */
export function normalizeExtractedText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/[\f\v\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufeff\ufffe]/g, '')
      .replace(/[ \t\u00a0]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
