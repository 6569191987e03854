/**
 * The child process that reads documents (read-document.ts starts it and sends it one document at a
 * time). Bundled as its own file next to process-document's handler (lib/side-entries.ts), so PDF.js
 * and the Word readers load only here, and never count against the handler's bundle or cold start.
 */
import type { DocumentExtension } from '../../contracts/documents.js';
import { HttpError } from '../http/http-error.js';
import { extractDocumentText } from './extract-text.js';

export interface ExtractionRequest {
  extension: DocumentExtension;
  bytes: Uint8Array;
}

export type ExtractionReply =
  | { ok: true; text: string; contentType: string }
  | { ok: false; status: number; message: string }
  | { ok: false; crash: string };

function reply(message: ExtractionReply): void {
  process.send!(message);
}

// The reader lives as long as the process that started it.
process.on('disconnect', () => process.exit(0));
process.on('message', ({ extension, bytes }: ExtractionRequest) => {
  extractDocumentText(extension, bytes).then(
    ({ text, contentType }) => reply({ ok: true, text, contentType }),
    (error: unknown) =>
      reply(
        error instanceof HttpError
          ? { ok: false, status: error.statusCode, message: error.message }
          : { ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      ),
  );
});
