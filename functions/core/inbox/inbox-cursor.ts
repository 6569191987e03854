import { badRequest } from '../http/http-error.js';

/** Where a page of the inbox ended: the last conversation's activity time and id (the list's sort key). */
export interface InboxPosition {
  at: string;
  id: string;
}

/** Opaque to the client; one position serves every assistant's list, so pages of a merged list follow on. */
export const encodeCursor = (position: InboxPosition): string => Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');

export function decodeCursor(cursor: string): InboxPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string' && v.length > 0 && v.length < 200)) {
      return { at: value[0] as string, id: value[1] as string };
    }
  } catch {
    // Reported below like any other malformed cursor.
  }
  throw badRequest('Invalid cursor: pass the nextCursor of the previous page');
}
