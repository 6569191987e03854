/**
 * The client's check of a chosen document before anything is sent (spec 000 section 5). The server
 * checks the same rules again and also the content.
 */
export const DOCUMENT_EXTENSIONS = ['.txt', '.json', '.csv', '.md', '.pdf', '.doc', '.docx'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export interface DocumentFileProblem {
  title: string;
  description: string;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Null when the file may be uploaded, else the toast that says why not. */
export function documentFileProblem(file: { name: string; size: number }): DocumentFileProblem | null {
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return {
      title: 'Unsupported File Type',
      description: `Please select a supported file type: ${DOCUMENT_EXTENSIONS.join(', ')}`,
    };
  }
  if (file.size > MAX_DOCUMENT_BYTES) {
    return { title: 'File too large', description: `Please select a document under ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` };
  }
  if (file.size === 0) return { title: 'Empty file', description: 'This file is empty. Please select a document with text in it.' };
  return null;
}

/** The `accept` attribute of the file input. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');
