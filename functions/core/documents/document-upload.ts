import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  documentExtension,
  MAX_DOCUMENT_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  type documentUploadUrlRequestSchema,
  type documentUploadUrlResponseSchema,
} from '../../contracts/documents.js';
import { badRequest } from '../http/http-error.js';
import { requireEnv } from '../runtime/env.js';
import { getS3Client } from '../storage/s3-client.js';
import { documentTooLarge } from './document-errors.js';
import { uploadKey } from './upload-storage.js';

/** Five minutes to start the upload of one file. */
const UPLOAD_URL_SECONDS = 300;
const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/**
 * A presigned PUT for one document. Files go straight to the bucket rather than through the API
 * (the spec's design sent them base64 in the request body): a Lambda request payload stops at 6 MB
 * and base64 adds a third, so a 5 MB document would not arrive. The signature covers the exact size,
 * so the limit holds for what is stored, not just for what was announced.
 */
export async function createDocumentUpload(
  userId: string,
  { fileName, size }: z.output<typeof documentUploadUrlRequestSchema>,
): Promise<z.infer<typeof documentUploadUrlResponseSchema>> {
  if (!documentExtension(fileName)) throw badRequest(UNSUPPORTED_FILE_TYPE_MESSAGE);
  if (size > MAX_DOCUMENT_BYTES) throw documentTooLarge();
  const uploadId = randomUUID();
  const command = new PutObjectCommand({
    Bucket: requireEnv('DOCUMENTS_BUCKET'),
    Key: uploadKey(userId, uploadId),
    ContentType: UPLOAD_CONTENT_TYPE,
    ContentLength: size,
  });
  const uploadUrl = await getSignedUrl(getS3Client(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { uploadUrl, headers: { 'content-type': UPLOAD_CONTENT_TYPE }, uploadId };
}
