import { describe, expect, it } from 'vitest';
import { documentFileProblem } from '../../../frontend/src/dashboard/knowledge/document-file.js';

const MB = 1024 * 1024;

describe('documentFileProblem', () => {
  it('accepts the seven document types in any letter case', () => {
    for (const name of ['a.txt', 'a.json', 'a.csv', 'a.md', 'a.pdf', 'a.doc', 'a.docx', 'MENU.PDF', 'notes.v2.Md']) {
      expect(documentFileProblem({ name, size: 100 })).toBeNull();
    }
  });

  it('refuses other types with the spec message listing the supported ones', () => {
    for (const name of ['photo.png', 'archive.zip', 'README', 'pdf', 'report.pdf.exe']) {
      expect(documentFileProblem({ name, size: 100 })).toEqual({
        title: 'Unsupported File Type',
        description: 'Please select a supported file type: .txt, .json, .csv, .md, .pdf, .doc, .docx',
      });
    }
  });

  it('refuses files over 10 MB and empty files with a clear message', () => {
    expect(documentFileProblem({ name: 'big.pdf', size: 10 * MB })).toBeNull();
    expect(documentFileProblem({ name: 'big.pdf', size: 10 * MB + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select a document under 10 MB',
    });
    expect(documentFileProblem({ name: 'empty.txt', size: 0 })?.title).toBe('Empty file');
  });
});
