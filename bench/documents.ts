/**
 * Document processing figures: a 5 MB PDF (30 pages of text and a photo-sized image, as a scanned
 * brochure with a text layer is) uploaded as the dashboard does, then processed through the local
 * runtime's HTTP route: format check, text extraction, file stored, entry written, assistant re-indexed.
 */
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractDocumentText } from '../functions/core/documents/extract-text.js';
import { apiClient } from '../test/support/api-client.js';
import { MAX_UNPACKED_BYTES } from '../functions/core/documents/extraction-limits.js';
import { pngBytes, whitespaceDocx } from '../test/support/document-fixtures.js';

const PAGES = 30;
const LINES_PER_PAGE = 42;
/** A 1,880 x 1,880 greyscale noise image: about 4.8 MB in the PDF, which no compression shrinks. */
const IMAGE_SIDE = 1_880;

const words = `bread flour rye spelt oven crust crumb starter dough proof bake loaf shop morning counter
order delivery customer recipe butter sugar salt water yeast seed honey oat wheat grain mill harbor`.split(/\s+/);

/** About 5 MB: text the index can hold (under 100,000 characters) and one large image. */
export async function fiveMegabytePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const image = await pdf.embedPng(pngBytes({ width: IMAGE_SIDE, height: IMAGE_SIDE, noise: true }));
  let seed = 11;
  const word = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return words[seed % words.length]!;
  };
  for (let p = 0; p < PAGES; p++) {
    const page = pdf.addPage();
    if (p === 0) page.drawImage(image, { x: 50, y: 300, width: 500, height: 500 });
    for (let line = 0; line < LINES_PER_PAGE; line++) {
      const text = Array.from({ length: 10 }, word).join(' ');
      page.drawText(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`, { x: 40, y: 800 - line * 18, size: 10, font });
    }
  }
  return pdf.save();
}

export async function benchDocuments(apiUrl: string, idToken: string, chatbotId: string): Promise<string[]> {
  const pdf = await fiveMegabytePdf();
  const megabytes = pdf.length / (1024 * 1024);
  if (megabytes < 4.5 || megabytes > 5.5) throw new Error(`The benchmark PDF is ${megabytes.toFixed(1)} MB, not about 5 MB`);
  const lines: string[] = [];

  let started = performance.now();
  await extractDocumentText('.pdf', pdf);
  lines.push(`extract text 5 MB pdf: ${((performance.now() - started) / 1000).toFixed(2)} s`);

  const api = apiClient(apiUrl, idToken);
  const { body: upload } = await api.post('/knowledge/documents/upload-url', { fileName: 'brochure.pdf', size: pdf.length });
  const stored = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(pdf) });
  if (!stored.ok) throw new Error(`The benchmark upload failed: ${stored.status}`);
  started = performance.now();
  const processed = await api.post('/knowledge/documents', { uploadId: upload.uploadId, fileName: 'brochure.pdf', chatbotId });
  const seconds = (performance.now() - started) / 1000;
  if (processed.status !== 201) throw new Error(`Processing the benchmark PDF failed: ${JSON.stringify(processed.body)}`);
  lines.push(`process-document 5 MB pdf: ${seconds.toFixed(2)} s`);
  lines.push(`process-document hostile docx: ${(await hostileDocxSeconds(api, chatbotId)).toFixed(2)} s`);
  return lines;
}

/**
 * A 40 KB Word document of whitespace between tags, which unpacks past the 32 MB limit: the time from
 * asking for it to be processed to its 422 (budget 2 s).
 */
async function hostileDocxSeconds(api: ReturnType<typeof apiClient>, chatbotId: string): Promise<number> {
  const docx = whitespaceDocx(MAX_UNPACKED_BYTES + 1024);
  const { body: upload } = await api.post('/knowledge/documents/upload-url', { fileName: 'hostile.docx', size: docx.length });
  const stored = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(docx) });
  if (!stored.ok) throw new Error(`The hostile upload failed: ${stored.status}`);
  const started = performance.now();
  const refused = await api.post('/knowledge/documents', { uploadId: upload.uploadId, fileName: 'hostile.docx', chatbotId });
  const seconds = (performance.now() - started) / 1000;
  if (refused.status !== 422) throw new Error(`The hostile document was not refused: ${JSON.stringify(refused.body)}`);
  return seconds;
}
