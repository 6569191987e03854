import { processDocumentRequestSchema } from '../contracts/documents.js';
import { processDocument } from '../core/documents/process-document.js';
import { httpHandler } from '../core/http/http-handler.js';
import { runOnce } from '../core/http/idempotency.js';

export const handler = httpHandler(
  { route: 'process-document', body: processDocumentRequestSchema, successStatus: 201, idempotency: runOnce },
  ({ caller, body, signal }) => processDocument(caller, body, signal),
);
