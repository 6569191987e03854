import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand } from '@aws-sdk/client-s3';
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

/** S3 deletes at most this many objects per request. */
const DELETE_BATCH = 1_000;

/** Deletes many files in a few requests (an assistant is deleted with its documents). */
export async function deleteKnowledgeFiles(keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const batch = keys.slice(start, start + DELETE_BATCH);
    const result = await getS3Client().send(
      new DeleteObjectsCommand({
        Bucket: requireEnv('DOCUMENTS_BUCKET'),
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length) throw new Error(`Deleting ${failed.length} knowledge files failed: ${failed[0]?.Code} ${failed[0]?.Message}`);
  }
}
