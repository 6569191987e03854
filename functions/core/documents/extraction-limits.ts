import { MAX_KNOWLEDGE_CONTENT_CHARS } from '../../contracts/knowledge.js';

/**
 * The hard limits of reading one uploaded file. A file is untrusted: a few hundred bytes can unpack
 * to gigabytes or nest tags a million deep. Each limit stops the reading where it is passed, with a
 * 422 that names it; none is taken from what the file says about itself (zip headers lie).
 */

/**
 * Bytes a Word document may unpack to, counted while inflating. A full knowledge entry of text is a
 * few MB of WordprocessingML; far more is a decompression bomb.
 */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Element nesting in a Word document's XML. Real documents (tables in tables, text boxes) stay under 40. */
export const MAX_XML_DEPTH = 256;
/** Elements in a Word document's XML: about one per 30 bytes of the most it may unpack to. */
export const MAX_XML_NODES = 1_000_000;
/**
 * Bytes one compressed PDF stream other than an image may unpack to (a page's drawing instructions,
 * fonts); a text page needs tens of KB. Images, which text extraction never decodes, get more.
 */
export const MAX_PDF_STREAM_BYTES = 16 * 1024 * 1024;
export const MAX_PDF_IMAGE_STREAM_BYTES = 128 * 1024 * 1024;
/** All compressed streams of one PDF together. */
export const MAX_PDF_UNPACKED_BYTES = 256 * 1024 * 1024;
/**
 * Past this much raw text no clean-up (spaces, blank lines) brings a document under the entry limit,
 * so reading stops there and the document is refused.
 */
export const STOP_READING_CHARS = MAX_KNOWLEDGE_CONTENT_CHARS * 3;
/**
 * Wall time of reading one document, in a reader process that is killed when it passes. The
 * route answers within 29 s; storing and re-indexing need the rest.
 */
export const EXTRACTION_TIME_LIMIT_MS = 12_000;
/** Heap of that reader process; the function has 1,024 MB (lib/routes.ts). */
export const EXTRACTION_MEMORY_MB = 512;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const LIMIT_MESSAGES = {
  unpacked: `This Word document unpacks to more than ${mb(MAX_UNPACKED_BYTES)} of data, the most a document may. Please save it as a PDF or split it.`,
  depth: `This Word document nests its content more than ${MAX_XML_DEPTH} levels deep, more than a document needs. Please save it again as a new document or as a PDF.`,
  nodes: `This Word document has more than ${MAX_XML_NODES.toLocaleString('en')} XML elements, the most a document may. Please split it into smaller files.`,
  pdfStream: `This PDF has a page or part that unpacks to more than ${mb(MAX_PDF_STREAM_BYTES)}, the most one may. Please save it again (print to PDF) or split it.`,
  pdfImage: `This PDF has an image that unpacks to more than ${mb(MAX_PDF_IMAGE_STREAM_BYTES)}, the most one may. Please save it again with smaller images.`,
  pdfUnpacked: `This PDF unpacks to more than ${mb(MAX_PDF_UNPACKED_BYTES)} of data, the most a document may. Please save it again with smaller images or split it.`,
  tooMuchText:
    `This document has more than ${MAX_KNOWLEDGE_CONTENT_CHARS.toLocaleString('en')} characters of text, ` +
    'the most one knowledge entry holds. Please split it into smaller files and upload them one by one.',
} as const;

export const timeLimitMessage = (timeMs = EXTRACTION_TIME_LIMIT_MS) =>
  `Reading this document took longer than ${timeMs / 1000} seconds, the most one document may take. Please split it or save it as a simpler PDF.`;

export const memoryLimitMessage = (memoryMb = EXTRACTION_MEMORY_MB) =>
  `Reading this document needed more than ${memoryMb} MB of memory, the most one document may use. Please split it or save it as a simpler PDF.`;
