import { randomUUID } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type * as z from 'zod';
import {
  documentExtension,
  MAX_DOCUMENT_BYTES,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
  type processDocumentRequestSchema,
  type processDocumentResponseSchema,
} from '../../contracts/documents.js';
import { MAX_KNOWLEDGE_TITLE_CHARS } from '../../contracts/knowledge.js';
import type { Caller } from '../access/authorize.js';
import { knowledgeOwnerFor } from '../knowledge/knowledge-access.js';
import { badRequest, notFound } from '../http/http-error.js';
import { createKnowledgeEntries, toKnowledgeEntry } from '../knowledge/knowledge-entries.js';
import { deleteKnowledgeFile, knowledgeFilePrefix } from '../knowledge/knowledge-files.js';
import { queueOrUndo } from '../knowledge/manage-knowledge.js';
import { db } from '../data/db.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { isMissingObject } from '../storage/missing-object.js';
import { getS3Client } from '../storage/s3-client.js';
import { documentTooLarge } from './document-errors.js';
import { uploadKey } from './upload-storage.js';
import { readDocument, warmDocumentReader } from './read-document.js';

type ProcessDocumentRequest = z.output<typeof processDocumentRequestSchema>;

/**
 * process-document: turns an uploaded file into a knowledge entry. The file's real format is checked,
 * its text extracted and stored as the entry's content, the file kept under the owner's documents
 * prefix (the entry links to it), and the affected assistants' re-index queued (reindex-knowledge),
 * so the chat knows the document as soon as that is done. A refused file leaves nothing behind: no entry, no object.
 */
export async function processDocument(
  caller: Caller,
  request: ProcessDocumentRequest,
  /** Aborted once the route's time limit has answered: nothing is stored after that. */
  signal?: AbortSignal,
): Promise<z.infer<typeof processDocumentResponseSchema>> {
  const fileName = baseName(request.fileName);
  const extension = documentExtension(fileName);
  if (!extension) throw badRequest(UNSUPPORTED_FILE_TYPE_MESSAGE);
  // The caller uploaded the file; the entry and its file go to the knowledge of the assistant's owner.
  const userId = await knowledgeOwnerFor(caller, [request.chatbotId]);

  const bucket = requireEnv('DOCUMENTS_BUCKET');
  const upload = uploadKey(caller.userId, request.uploadId);
  warmDocumentReader();
  try {
    const bytes = await readUpload(bucket, upload);
    const { text, contentType } = await readDocument(extension, bytes);
    signal?.throwIfAborted();

    // A key of its own, not the upload's id: two processings of one upload (a double submit) would
    // otherwise share one file, and deleting either entry would take the other's file with it.
    const key = `${knowledgeFilePrefix(userId)}${randomUUID()}/${safeKeyName(fileName)}`;
    await getS3Client().send(
      new CopyObjectCommand({
        Bucket: bucket,
        CopySource: `${bucket}/${upload}`,
        Key: key,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
    let entry;
    try {
      [entry] = await createKnowledgeEntries(userId, [
        {
          title: request.title || fileName.slice(0, MAX_KNOWLEDGE_TITLE_CHARS),
          content: text,
          type: request.type,
          chatbot_id: request.chatbotId,
          file: { name: fileName, key, size: bytes.length },
        },
      ]);
    } catch (error) {
      await deleteKnowledgeFile(key).catch((cause) => log.warn('Removing the file of an unwritten entry failed', { key, cause }));
      throw error;
    }
    // As addKnowledgeEntries does, split in two so the file is removed only when no entry points to it.
    await queueOrUndo(userId, [entry!.chatbot_id ?? null], async () => {
      await db().entities.knowledgeEntry.delete({ user_id: userId, entry_id: entry!.entry_id }).go();
      await deleteKnowledgeFile(key);
    }, signal);
    return {
      message: `Added '${entry!.title}' to the knowledge base: ${text.length.toLocaleString('en')} characters of text.`,
      entry: toKnowledgeEntry(entry!),
    };
  } finally {
    // An upload is processed once, whatever the outcome; a refused file is not kept.
    await getS3Client()
      .send(new DeleteObjectCommand({ Bucket: bucket, Key: upload }))
      .catch((error) => log.warn('Deleting a processed upload failed; the bucket expires it', { key: upload, error }));
  }
}

async function readUpload(bucket: string, key: string): Promise<Uint8Array> {
  try {
    const object = await getS3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    // The signed size makes this impossible on S3; the check keeps a larger object out of memory anyway.
    if ((object.ContentLength ?? 0) > MAX_DOCUMENT_BYTES) {
      (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
      throw documentTooLarge();
    }
    const bytes = await object.Body!.transformToByteArray();
    if (bytes.length > MAX_DOCUMENT_BYTES) throw documentTooLarge();
    return bytes;
  } catch (error) {
    if (isMissingObject(error)) throw notFound('Upload not found: please upload the file again');
    throw error;
  }
}

/** Browsers send a bare name, but some older ones a full path (`C:\fakepath\menu.pdf`). */
const baseName = (fileName: string) => fileName.split(/[\\/]/).pop()!.trim();

/** The name in the object key: readable, but only characters that need no escaping anywhere. */
function safeKeyName(fileName: string): string {
  const safe = fileName.normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '');
  return safe.slice(-100) || 'document';
}
