import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { requireEnv } from '../runtime/env.js';
import { getS3Client } from '../storage/s3-client.js';

/** Uploaded knowledge files live in the knowledge-documents bucket under `documents/{owner}/`. */
export const knowledgeFilePrefix = (userId: string) => `documents/${userId}/`;

/** Short enough that a shared link soon stops working, long enough to open a large PDF. */
export const KNOWLEDGE_FILE_URL_SECONDS = 300;

/** A presigned GET that downloads the file under its original name. */
export async function knowledgeFileUrl(key: string, fileName: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: requireEnv('DOCUMENTS_BUCKET'),
    Key: key,
    ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  });
  return getSignedUrl(getS3Client(), command, { expiresIn: KNOWLEDGE_FILE_URL_SECONDS });
}

export async function deleteKnowledgeFile(key: string): Promise<void> {
  await getS3Client().send(new DeleteObjectCommand({ Bucket: requireEnv('DOCUMENTS_BUCKET'), Key: key }));
}
