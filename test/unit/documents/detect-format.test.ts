import { describe, expect, it } from 'vitest';
import { documentExtension, UNSUPPORTED_FILE_TYPE_MESSAGE } from '../../../functions/contracts/documents.js';
import { decodeText } from '../../../functions/core/documents/decode-text.js';
import { detectDocumentContent } from '../../../functions/core/documents/detect-format.js';
import { zipEntries } from '../../../functions/core/documents/zip-directory.js';
import { docFixture, docxFixture, pdfFixture, pngBytes, randomBytes } from '../../support/document-fixtures.js';

function refusal(fileName: string, bytes: Uint8Array) {
  try {
    detectDocumentContent(documentExtension(fileName)!, bytes);
  } catch (error) {
    return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
  }
  throw new Error(`${fileName} was accepted`);
}

describe('documentExtension', () => {
  it('accepts the seven extensions of the spec in any case, nothing else', () => {
    expect(['a.txt', 'b.JSON', 'c.Csv', 'd.md', 'e.pdf', 'f.doc', 'g.DOCX'].map(documentExtension)).toEqual([
      '.txt',
      '.json',
      '.csv',
      '.md',
      '.pdf',
      '.doc',
      '.docx',
    ]);
    expect(['photo.png', 'sheet.xlsx', 'archive.pdf.zip', 'README', 'pdf', '.pdf.exe'].map(documentExtension)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(UNSUPPORTED_FILE_TYPE_MESSAGE).toBe('Please select a supported file type: .txt, .json, .csv, .md, .pdf, .doc, .docx');
  });
});

describe('detectDocumentContent', () => {
  it('refuses renamed binaries, naming what the file really is', async () => {
    const docx = await docxFixture();
    const pdf = await pdfFixture();
    expect(refusal('menu.pdf', pngBytes())).toEqual({
      status: 422,
      message: 'This .pdf file is not a PDF document: its content is a PNG image. Please upload the original document.',
    });
    expect(refusal('notes.txt', randomBytes(4096)).message).toBe(
      'This .txt file is not text: its content is binary data. Please upload the original document.',
    );
    expect(refusal('data.json', pngBytes()).message).toMatch(/not JSON text: its content is a PNG image/);
    expect(refusal('table.csv', docx).message).toMatch(/not CSV text: its content is a ZIP archive/);
    expect(refusal('readme.md', pdf).message).toMatch(/not text: its content is a PDF document/);
    expect(refusal('letter.docx', pdf).message).toMatch(/not a Word document: its content is a PDF document/);
    expect(refusal('letter.doc', randomBytes(2048)).message).toMatch(/not a Word document: its content is binary data/);
    expect(refusal('report.pdf', docx).message).toMatch(/not a PDF document: its content is a ZIP archive/);
    expect(refusal('photo.pdf', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])).message).toMatch(/a JPEG image/);
  });

  it('refuses a ZIP archive that is not a Word document', () => {
    const notWord = Buffer.from(
      '504b0506000000000000000000000000000000000000', // an empty archive: only the end record
      'hex',
    );
    const zip = new Uint8Array(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), notWord]));
    expect(refusal('letter.docx', zip).message).toMatch(/not a Word document: its content is a ZIP archive of other files/);
  });

  it('takes the sizes a DOCX claims for nothing: how much it unpacks to is measured while reading', async () => {
    const docx = Buffer.from(await docxFixture());
    const entries = zipEntries(docx)!;
    expect(entries.map((e) => e.name)).toContain('word/document.xml');
    // Claim a huge uncompressed size for word/document.xml in its central directory record.
    const name = Buffer.from('word/document.xml');
    const record = docx.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]), docx.lastIndexOf(name) - 60);
    expect(docx.subarray(record + 46, record + 46 + name.length).equals(name)).toBe(true);
    docx.writeUInt32LE(0xffffffff, record + 24);
    expect(detectDocumentContent('.docx', new Uint8Array(docx))).toEqual({ kind: 'docx' });
  });

  it('accepts Word documents by content whichever Word extension they carry', async () => {
    expect(detectDocumentContent('.doc', await docxFixture())).toEqual({ kind: 'docx' });
    expect(detectDocumentContent('.docx', docFixture())).toEqual({ kind: 'doc' });
  });
});

describe('decodeText', () => {
  it('accepts text in the usual encodings and refuses binary data', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('Hello')]))).toBe('Hello');
    expect(decodeText(new Uint8Array(Buffer.from('Tab\tseparated\r\nlines\f')))).toBe('Tab\tseparated\r\nlines\f');
    expect(decodeText(new Uint8Array([0x48, 0x00, 0x69]))).toBeNull();
    expect(decodeText(randomBytes(64, 3).map((b) => b || 1))).toBeNull();
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]))).toBeNull(); // a lone UTF-16 surrogate
  });
});
