/**
 * Where an upload waits to be processed: under its owner's prefix, so an upload id only ever names
 * an object of the user who asked for it. Processing deletes it; the bucket's lifecycle rule
 * (lib/constructs/storage.ts) expires uploads never processed.
 */
export const DOCUMENT_UPLOADS_PREFIX = 'uploads/';
export const ABANDONED_UPLOAD_DAYS = 1;

export const uploadKey = (userId: string, uploadId: string) => `${DOCUMENT_UPLOADS_PREFIX}${userId}/${uploadId}`;
