import { constants, inflateSync } from 'node:zlib';
import { unprocessableDocument } from './document-errors.js';
import {
  LIMIT_MESSAGES,
  MAX_PDF_IMAGE_STREAM_BYTES,
  MAX_PDF_STREAM_BYTES,
  MAX_PDF_UNPACKED_BYTES,
} from './extraction-limits.js';

/** How far before `stream` its dictionary is looked for. */
const DICTIONARY_LOOKBACK = 4096;

/**
 * Refuses a PDF whose compressed (FlateDecode) streams unpack to more than the limits, before PDF.js
 * parses it: a 150 KB file can hold one page of 50 MB of drawing instructions that takes PDF.js many
 * seconds to read. Each stream is inflated with a hard cap on its output, so the check costs at most
 * the limit, and a truncated stream (no checksum) is measured as far as it goes, as PDF.js reads it.
 * Streams of other encodings are left to the worker's time and memory limits.
 */
export function checkPdfStreams(bytes: Uint8Array): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = pdf.indexOf('stream');
  while (at !== -1) {
    const next = (from: number) => pdf.indexOf('stream', from);
    if (pdf.toString('latin1', at - 3, at) === 'end') {
      at = next(at + 6);
      continue;
    }
    // The keyword is followed by an end of line, then the data.
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const dictionary = pdf.toString('latin1', Math.max(0, at - DICTIONARY_LOOKBACK), at);
    const header = dictionary.slice(dictionary.lastIndexOf(' obj') + 1);
    const end = pdf.indexOf('endstream', start);
    const stop = end === -1 ? pdf.length : end;
    if (/\/(FlateDecode|Fl)\b/.test(header)) {
      const streamLimit = /\/Subtype\s*\/Image\b/.test(header)
        ? { bytes: MAX_PDF_IMAGE_STREAM_BYTES, message: LIMIT_MESSAGES.pdfImage }
        : { bytes: MAX_PDF_STREAM_BYTES, message: LIMIT_MESSAGES.pdfStream };
      const left = MAX_PDF_UNPACKED_BYTES - total;
      const limit = left < streamLimit.bytes ? { bytes: left, message: LIMIT_MESSAGES.pdfUnpacked } : streamLimit;
      total += unpackedSize(pdf.subarray(start, stop), limit);
    }
    at = next(stop);
  }
}

/** Bytes one stream inflates to, or the refusal of the limit it passes. */
function unpackedSize(data: Buffer, limit: { bytes: number; message: string }): number {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, limit.bytes), finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw unprocessableDocument(limit.message);
    // A damaged stream: PDF.js decides what it makes of it.
    return 0;
  }
}
