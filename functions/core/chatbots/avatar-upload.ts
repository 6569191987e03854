import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { avatarUploadRequestSchema, avatarUploadResponseSchema } from '../../contracts/chatbot.js';
import { requireEnv } from '../runtime/env.js';
import { getS3Client } from '../storage/s3-client.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** Five minutes to start the upload; the signature also fixes its type and exact size. */
const UPLOAD_URL_SECONDS = 300;

/**
 * A presigned PUT for one avatar image (type and size are part of the signature), and the public URL
 * it will have: CloudFront serves the avatars bucket under /avatars/ (the local web server too).
 */
export async function createAvatarUpload(
  request: z.output<typeof avatarUploadRequestSchema>,
): Promise<z.infer<typeof avatarUploadResponseSchema>> {
  const file = `${randomUUID()}.${EXTENSIONS[request.contentType]}`;
  const command = new PutObjectCommand({
    Bucket: requireEnv('AVATARS_BUCKET'),
    Key: `avatars/${file}`,
    ContentType: request.contentType,
    ContentLength: request.size,
    CacheControl: 'public, max-age=31536000, immutable',
  });
  const uploadUrl = await getSignedUrl(getS3Client(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'cache-control']),
  });
  return {
    uploadUrl,
    publicUrl: `${requireEnv('PUBLIC_SITE_URL')}/avatars/${file}`,
    headers: { 'content-type': request.contentType, 'cache-control': 'public, max-age=31536000, immutable' },
  };
}
