import { documentUploadUrlRequestSchema } from '../contracts/documents.js';
import { createDocumentUpload } from '../core/documents/document-upload.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler(
  { route: 'create-document-upload', body: documentUploadUrlRequestSchema },
  ({ identity, body }) => createDocumentUpload(identity.userId, body),
);
