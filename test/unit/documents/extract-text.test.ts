import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { documentExtension, NO_TEXT_MESSAGE } from '../../../functions/contracts/documents.js';
import { MAX_KNOWLEDGE_CONTENT_CHARS } from '../../../functions/contracts/knowledge.js';
import { JSON_TOO_DEEP_MESSAGE } from '../../../functions/core/documents/extract-json.js';
import { extractDocumentText } from '../../../functions/core/documents/extract-text.js';
import { LIMIT_MESSAGES, MAX_UNPACKED_BYTES, memoryLimitMessage, timeLimitMessage } from '../../../functions/core/documents/extraction-limits.js';
import { readDocument } from '../../../functions/core/documents/read-document.js';
import {
  contentStreamBombPdf,
  docFixture,
  documentFixtures,
  lyingSizeDocx,
  misdirectedDocxFixture,
  nestedDocx,
  pdfFixture,
  whitespaceDocx,
} from '../../support/document-fixtures.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const extract = (fileName: string, bytes: Uint8Array) => extractDocumentText(documentExtension(fileName)!, bytes);

/** The status and message a refused document answers with. */
async function refusal(fileName: string, bytes: Uint8Array) {
  const error = await extract(fileName, bytes).then(
    () => undefined,
    (e: unknown) => e as { statusCode: number; message: string },
  );
  expect(error, `${fileName} was accepted`).toBeDefined();
  return { status: error!.statusCode, message: error!.message };
}

describe('extractDocumentText', async () => {
  const fixtures = await documentFixtures();

  it.each(fixtures.map((f) => [f.fileName, f] as const))('reads the text of %s', async (_name, fixture) => {
    const { text } = await extract(fixture.fileName, fixture.bytes);
    expect(text).toMatch(fixture.fact);
  });

  it('serves each stored file with its real media type', async () => {
    const types = await Promise.all(fixtures.map(async (f) => (await extract(f.fileName, f.bytes)).contentType));
    expect(types).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'text/csv; charset=utf-8',
      'application/json',
      'text/markdown; charset=utf-8',
      'text/plain; charset=utf-8',
    ]);
  });

  it('keeps the paragraphs of Word documents apart, as the chunker expects', async () => {
    const { text } = await extract('notes.doc', docFixture(['First paragraph.', 'Second paragraph.']));
    expect(text).toBe('First paragraph.\n\nSecond paragraph.');
  });

  it('writes CSV rows as "Header: value" lines, one paragraph per row, whatever the delimiter', async () => {
    const csv = '\ufeffProduct;Allergens;Price\r\n"Walnut rye";"Wheat; rye; walnuts";6.40\r\nBaguette;;3.10\r\n\r\n';
    const { text } = await extract('products.csv', utf8(csv));
    expect(text).toBe('Product: Walnut rye\nAllergens: Wheat; rye; walnuts\nPrice: 6.40\n\nProduct: Baguette\nPrice: 3.10');
  });

  it('names columns without a header by their position', async () => {
    const { text } = await extract('sheet.csv', utf8('Item,,\nScone,2.50,daily\n'));
    expect(text).toBe('Item: Scone\nColumn 2: 2.50\nColumn 3: daily');
  });

  it('writes JSON as indented "key: value" text, one paragraph per record of a list', async () => {
    const json = JSON.stringify([
      { question: 'Do you bake on Sundays?', answer: 'Yes, from 7 am.', tags: ['hours'] },
      { question: 'Is there parking?', answer: null, details: { spaces: 12, free: true } },
    ]);
    const { text } = await extract('faqs.json', utf8(json));
    expect(text).toBe(
      'question: Do you bake on Sundays?\nanswer: Yes, from 7 am.\ntags:\n  - hours\n\n' +
        'question: Is there parking?\ndetails:\n  spaces: 12\n  free: true',
    );
  });

  it('reads JSON Lines', async () => {
    const { text } = await extract('log.json', utf8('{"day":"Monday","special":"Rye"}\n{"day":"Tuesday","special":"Spelt"}\n'));
    expect(text).toBe('day: Monday\nspecial: Rye\n\nday: Tuesday\nspecial: Spelt');
  });

  it('refuses a .json file that is not JSON, saying so', async () => {
    const { status, message } = await refusal('broken.json', utf8('{"open": true,'));
    expect(status).toBe(422);
    expect(message).toMatch(/^This \.json file is not valid JSON/);
  });

  it('refuses JSON nested deeper than a document needs, instead of failing on it', async () => {
    for (const json of ['['.repeat(200_000) + ']'.repeat(200_000), '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000)]) {
      const { status, message } = await refusal('deep.json', utf8(json));
      expect(status).toBe(422);
      expect(message).toBe(JSON_TOO_DEEP_MESSAGE);
    }
    expect(JSON_TOO_DEEP_MESSAGE).toMatch(/nested more than 64 levels deep/);
    const nested = (depth: number) => '{"a":'.repeat(depth) + '"rye"' + '}'.repeat(depth);
    expect((await extract('ok.json', utf8(nested(64)))).text).toMatch(/rye$/);
    expect((await refusal('deep.json', utf8(nested(65)))).status).toBe(422);
  });

  it('decodes UTF-16 and legacy Windows-1252 text files', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Crème brûlée on Fridays', 'utf16le')]);
    expect((await extract('menu.txt', utf16)).text).toBe('Crème brûlée on Fridays');
    const cp1252 = new Uint8Array([...Buffer.from('Caf', 'latin1'), 0xe9, ...Buffer.from(' au lait: 3 \x80 \x93hot\x94', 'latin1')]);
    expect((await extract('prices.txt', cp1252)).text).toBe('Café au lait: 3 € “hot”');
  });

  it('tidies line ends, trailing spaces and runs of blank lines', async () => {
    const { text } = await extract('notes.md', utf8('# Notes  \r\n\r\n\r\n\r\nOpen late\t\r\non Fridays.\r\n'));
    expect(text).toBe('# Notes\n\nOpen late\non Fridays.');
  });

  it('refuses documents with no text', async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    for (const [name, bytes] of [
      ['scan.pdf', await blank.save()],
      ['empty.txt', utf8(' \n\t\n')],
      ['empty.json', utf8('{"a": null, "b": [], "c": ""}')],
      ['empty.csv', utf8(',,\n,,\n')],
      ['empty.doc', docFixture(['', ''])],
    ] as const) {
      expect(await refusal(name, bytes)).toEqual({ status: 422, message: NO_TEXT_MESSAGE });
    }
  });

  it('refuses more text than one entry holds, asking to split the file', async () => {
    const long = 'Our bread. '.repeat(Math.ceil(MAX_KNOWLEDGE_CONTENT_CHARS / 11) + 1);
    expect(await refusal('long.txt', utf8(long))).toEqual({ status: 422, message: LIMIT_MESSAGES.tooMuchText });
    expect(LIMIT_MESSAGES.tooMuchText).toMatch(/100,000 characters.*split it into smaller files/);
    const pdf = await pdfFixture(Array.from({ length: 30 }, () => 'A long line of the bread book. '.repeat(4)));
    const pages = await PDFDocument.load(pdf);
    for (let i = 0; i < 40; i++) pages.addPage((await pages.copyPages(pages, [0]))[0]!);
    expect((await refusal('book.pdf', await pages.save())).message).toBe(LIMIT_MESSAGES.tooMuchText);
  });

  it('refuses a damaged PDF cleanly', async () => {
    expect(await refusal('broken.pdf', utf8('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'))).toEqual({
      status: 422,
      message: 'This PDF could not be read: it may be damaged. Please save it again and upload the new copy.',
    });
  });

  it('refuses a damaged Word document cleanly', async () => {
    const damaged = docFixture().slice(0, 1536); // cut short, as a failed download leaves it
    const { status, message } = await refusal('broken.doc', damaged);
    expect(status).toBe(422);
    expect(message).toMatch(/^This Word document could not be read/);
  });

  it('reads a .docx whose [Content_Types].xml entry points at another part (word-extractor never settled on it)', async () => {
    const { text } = await extract('misdirected.docx', await misdirectedDocxFixture());
    expect(text).toMatch(fixtures.find((f) => f.fileName.endsWith('.docx'))!.fact);
  });

  it('reads a Word document by what it holds, not by what its zip headers claim', async () => {
    // Headers say 1,000 bytes of XML; it holds 300 KB, read in full (and too long for one entry).
    expect(await refusal('lying.docx', lyingSizeDocx(300_000))).toEqual({ status: 422, message: LIMIT_MESSAGES.tooMuchText });
    const { text } = await extract('spaced.docx', whitespaceDocx(100_000));
    expect(text).toBe('Opening hours are 7 to 3.\n\nClosed on Mondays.');
  });
});

describe('reading limits (hostile files)', () => {
  it.each([
    ['whitespace.docx', () => whitespaceDocx(MAX_UNPACKED_BYTES + 1024), LIMIT_MESSAGES.unpacked],
    ['lying-sizes.docx', () => lyingSizeDocx(MAX_UNPACKED_BYTES * 2), LIMIT_MESSAGES.unpacked],
    ['nested.docx', () => nestedDocx(900_000), LIMIT_MESSAGES.depth],
    ['content-bomb.pdf', () => contentStreamBombPdf(50 * 1024 * 1024), LIMIT_MESSAGES.pdfStream],
  ])('refuses %s at its limit, naming it', async (name, build, message) => {
    expect(await refusal(name, build())).toEqual({ status: 422, message });
  });

  it('names each limit in its message', () => {
    expect(LIMIT_MESSAGES.unpacked).toMatch(/more than 32 MB/);
    expect(LIMIT_MESSAGES.depth).toMatch(/more than 256 levels/);
    expect(LIMIT_MESSAGES.nodes).toMatch(/more than 1,000,000 XML elements/);
    expect(LIMIT_MESSAGES.pdfStream).toMatch(/more than 16 MB/);
    expect(timeLimitMessage()).toMatch(/longer than 12 seconds/);
    expect(memoryLimitMessage()).toMatch(/more than 512 MB of memory/);
  });

  it('refuses a Word document with more elements than the limit', async () => {
    const runs = '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>x</w:t></w:r></w:p>';
    const { wordArchive } = await import('../../support/document-fixtures.js');
    const xml = Buffer.from(`<w:document xmlns:w="w"><w:body>${runs.repeat(210_000)}</w:body></w:document>`);
    expect(await refusal('many.docx', wordArchive(xml))).toEqual({ status: 422, message: LIMIT_MESSAGES.nodes });
  });
});

describe('readDocument (reader process)', () => {
  // Starts two reader processes: seconds each on a loaded 2-core machine, over the default 5 s.
  it('reads a document in a reader process and answers as the extraction does', async () => {
    const fixture = (await documentFixtures())[0]!;
    const { text, contentType } = await readDocument('.pdf', fixture.bytes);
    expect(text).toMatch(fixture.fact);
    expect(contentType).toBe('application/pdf');
    expect(await readDocument('.docx', nestedDocx(1_000)).catch((e: Error) => e.message)).toBe(LIMIT_MESSAGES.depth);
  }, 30_000);

  it('stops the reader at the wall-time limit with a 422 naming it', async () => {
    const started = Date.now();
    const error = await readDocument('.docx', lyingSizeDocx(20 * 1024 * 1024), { timeMs: 1, memoryMb: 512 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 422, message: timeLimitMessage(1) });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops a reader that passes its memory limit with a 422 naming it', async () => {
    // A 4 MB heap is less than PDF.js and the Word readers need to load: the reader runs out of
    // memory whatever the document (a real one streams its XML, so it never holds much at once).
    const error = await readDocument('.docx', lyingSizeDocx(1024 * 1024), { timeMs: 20_000, memoryMb: 4 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 422, message: memoryLimitMessage(4) });
  });
});
