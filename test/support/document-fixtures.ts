/**
 * Real documents of every accepted format, generated in the test so each carries a fact the fixture
 * site does not know: an answer that contains it can only come from that document.
 */
import CFB from 'cfb';
import { Document, Packer, Paragraph, TextRun, HeadingLevel } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

export interface DocumentFixture {
  fileName: string;
  bytes: Uint8Array;
  /** A question only this document answers, and what the answer must contain. */
  question: string;
  fact: RegExp;
}

const PDF_FACT = 'The loyalty card gives a free loaf after 9 purchases.';
const DOCX_FACT = 'The rooftop beehives above the bakery produce about 40 jars of clover honey each summer.';
const DOC_FACT = 'The bakery cat is a ginger tom called Marmalade who sleeps on the flour sacks.';
const MD_FACT = 'When it rains, umbrellas can be borrowed from the blue stand by the door and returned on your next visit.';
const TXT_FACT = 'Lost property is kept behind the counter for 30 days, then given to the Harbor Street charity shop.';

export async function pdfFixture(paragraphs: readonly string[] = [PDF_FACT, 'Stamps are added at the till for any loaf of bread.']): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  page.drawText('Maple & Rye loyalty programme', { x: 50, y: 760, size: 16, font });
  paragraphs.forEach((text, i) => page.drawText(text, { x: 50, y: 720 - i * 24, size: 11, font }));
  return pdf.save();
}

export async function docxFixture(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Our bees')] }),
          new Paragraph({ children: [new TextRun(DOCX_FACT)] }),
          new Paragraph({ children: [new TextRun({ text: 'The honey is sold in the shop from September.', bold: true })] }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/**
 * A damaged .docx: the central directory sends [Content_Types].xml to the data of another part (a
 * relationships file), as a bad copy can. word-extractor 1.0.4 never settled its promise on it.
 */
export async function misdirectedDocxFixture(): Promise<Uint8Array> {
  const bytes = Buffer.from(await docxFixture());
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, number>();
  let offset = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
    const nameLength = bytes.readUInt16LE(offset + 28);
    entries.set(bytes.subarray(offset + 46, offset + 46 + nameLength).toString(), offset);
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  // Offset 42 of a central directory entry: where its local header (and data) start.
  const localHeaderOf = (name: string) => bytes.readUInt32LE(entries.get(name)! + 42);
  bytes.writeUInt32LE(localHeaderOf('word/_rels/document.xml.rels'), entries.get('[Content_Types].xml')! + 42);
  return new Uint8Array(bytes);
}

/**
 * A Word 97-2003 binary document: an OLE compound file with the WordDocument stream (a Word 97 File
 * Information Block, then the text as UTF-16) and the 1Table stream holding the piece table (Clx)
 * that maps character positions to that text. The offsets are those of [MS-DOC] 2.5.
 */
export function docFixture(paragraphs: readonly string[] = ['Meet the team', DOC_FACT, 'He is not allowed in the kitchen.']): Uint8Array {
  const text = `${paragraphs.join('\r')}\r`;
  const textBytes = Buffer.from(text, 'utf16le');
  const TEXT_OFFSET = 0x800;
  const wordDocument = Buffer.alloc(Math.max(4096, TEXT_OFFSET + textBytes.length));
  // FibBase
  wordDocument.writeUInt16LE(0xa5ec, 0x00); // wIdent
  wordDocument.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  wordDocument.writeUInt16LE(0x0409, 0x06); // lid: English (US)
  wordDocument.writeUInt16LE(0x0200 | 0x1000, 0x0a); // fWhichTblStm (1Table), fExtChar
  wordDocument.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  wordDocument.writeUInt32LE(TEXT_OFFSET, 0x18); // fcMin
  wordDocument.writeUInt32LE(TEXT_OFFSET + textBytes.length, 0x1c); // fcMac
  // FibRgW97 (14 words), FibRgLw97 (22 longs)
  wordDocument.writeUInt16LE(14, 0x20);
  wordDocument.writeUInt16LE(22, 0x3e);
  wordDocument.writeUInt32LE(wordDocument.length, 0x40); // cbMac
  wordDocument.writeUInt32LE(text.length, 0x4c); // ccpText; no footnotes, headers or other stories
  // FibRgFcLcb97 (93 pairs); only the Clx is present
  wordDocument.writeUInt16LE(93, 0x98);
  const clx = Buffer.alloc(1 + 4 + 8 + 8);
  clx.writeUInt8(0x02, 0); // Pcdt
  clx.writeUInt32LE(16, 1); // PlcPcd: two character positions and one piece descriptor
  clx.writeUInt32LE(0, 5);
  clx.writeUInt32LE(text.length, 9);
  clx.writeUInt16LE(0, 13); // Pcd flags
  clx.writeUInt32LE(TEXT_OFFSET, 15); // fc of uncompressed (UTF-16) text
  clx.writeUInt16LE(0, 19); // prm
  wordDocument.writeUInt32LE(0, 0x1a2); // fcClx
  wordDocument.writeUInt32LE(clx.length, 0x1a6); // lcbClx
  textBytes.copy(wordDocument, TEXT_OFFSET);

  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/WordDocument', wordDocument);
  CFB.utils.cfb_add(container, '/1Table', clx);
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const csvFixture = () =>
  [
    'Room,Capacity,Hourly rate,Notes',
    'The Loft Room,24 seats,45 dollars,"Projector, whiteboard and a view of the harbor"',
    'The Snug,8 seats,20 dollars,Next to the bread oven',
  ].join('\r\n');

const jsonFixture = () =>
  JSON.stringify({
    bakeryBus: {
      name: 'The Crumb Cruiser',
      route: 'The Crumb Cruiser bakery bus parks on Millbrook village green every Tuesday morning.',
      payment: ['cash', 'card'],
    },
  });

const markdownFixture = () => `# House rules\n\n## Rainy days\n\n${MD_FACT}\n\n## Quiet hour\n\nLaptops are welcome all day.\n`;

/** One document of every accepted format, each with its own fact and question. */
export async function documentFixtures(): Promise<DocumentFixture[]> {
  const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
  return [
    {
      fileName: 'Loyalty programme.pdf',
      bytes: await pdfFixture(),
      question: 'How many purchases before the loyalty card gives a free loaf?',
      fact: /free loaf after 9 purchases/,
    },
    {
      fileName: 'Our bees.docx',
      bytes: await docxFixture(),
      question: 'How much clover honey do the rooftop beehives produce?',
      fact: /40 jars of clover honey/,
    },
    {
      fileName: 'Team notes.doc',
      bytes: docFixture(),
      question: 'What is the name of the ginger bakery cat?',
      fact: /Marmalade/,
    },
    {
      fileName: 'Meeting rooms.csv',
      bytes: utf8(csvFixture()),
      question: 'How many seats does the Loft Room have?',
      fact: /Capacity: 24 seats/,
    },
    {
      fileName: 'bakery-bus.json',
      bytes: utf8(jsonFixture()),
      question: 'Where does the Crumb Cruiser bakery bus park?',
      fact: /Millbrook village green/,
    },
    {
      fileName: 'House rules.md',
      bytes: utf8(markdownFixture()),
      question: 'Can I borrow an umbrella when it rains?',
      fact: /blue stand by the door/,
    },
    {
      fileName: 'lost-property.txt',
      bytes: utf8(`Lost property\n\n${TXT_FACT}\n`),
      question: 'How long is lost property kept?',
      fact: /30 days/,
    },
  ];
}

/**
 * A valid greyscale PNG: an 8x8 grey square by default, or `noise` (which no compression shrinks:
 * the bytes of a photo-like image).
 */
export function pngBytes({ width = 8, height = 8, noise = false } = {}): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const pixels = noise ? randomBytes(width * height) : new Uint8Array(width * height).fill(128);
  const rows = Buffer.alloc((width + 1) * height); // each row: filter type 0, then its pixels
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** Bytes no format explains, the same on every run. */
export function randomBytes(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/**
 * Hostile files, as an attacker with a trial account would upload them: each small, each built to
 * make a reader spend far more time or memory than its size suggests.
 */

const WORD_NAMESPACE = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/**
 * A ZIP archive written by hand (deflated entries), so a test can make its headers say what it likes:
 * `declaredSize` replaces the uncompressed size of word/document.xml in both its headers.
 */
export function wordArchive(documentXml: Buffer, { declaredSize }: { declaredSize?: number } = {}): Uint8Array {
  const files = [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'word/document.xml', data: documentXml },
  ];
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const compressed = deflateRawSync(file.data);
    const size = file.name === 'word/document.xml' && declaredSize !== undefined ? declaredSize : file.data.length;
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    directory.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}

const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const wordDocument = (body: string | Buffer) =>
  Buffer.concat([
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document ${WORD_NAMESPACE}><w:body>`),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('</w:body></w:document>'),
  ]);

/** A paragraph of text, then `spaces` bytes of whitespace between tags (40 MB of it deflate to about 40 KB). */
export function whitespaceDocx(spaces: number): Uint8Array {
  return wordArchive(wordDocument(Buffer.concat([Buffer.from(paragraph('Opening hours are 7 to 3.')), Buffer.alloc(spaces, 0x20), Buffer.from(paragraph('Closed on Mondays.'))])));
}

/** Text inside `levels` nested `<w:b>` elements (900,000 levels: about 10 MB of XML, 16 KB zipped). */
export function nestedDocx(levels: number): Uint8Array {
  const open = Buffer.from('<w:b>');
  const close = Buffer.from('</w:b>');
  return wordArchive(
    wordDocument(Buffer.concat([Buffer.from('<w:p><w:r>'), Buffer.alloc(open.length * levels, open), Buffer.from('<w:t>deep</w:t>'), Buffer.alloc(close.length * levels, close), Buffer.from('</w:r></w:p>')])),
  );
}

/** A Word document whose zip headers say its XML is 1,000 bytes while it holds `realBytes`. */
export function lyingSizeDocx(realBytes: number): Uint8Array {
  const filler = Buffer.from(paragraph('The same sentence over and over, far more than the headers admit.'));
  const body = Buffer.alloc(Math.ceil(realBytes / filler.length) * filler.length, filler);
  return wordArchive(wordDocument(body), { declaredSize: 1_000 });
}

/**
 * A one-page PDF whose page content is one deflated stream of `contentBytes` of drawing instructions
 * (50 MB of them deflate to about 150 KB), written by hand with a correct cross-reference table.
 */
export function contentStreamBombPdf(contentBytes: number): Uint8Array {
  const instruction = Buffer.from('0 0 m 612 792 l S\n');
  const content = deflateSync(Buffer.alloc(Math.ceil(contentBytes / instruction.length) * instruction.length, instruction));
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}
