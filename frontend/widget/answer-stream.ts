import type { ServerSocketMessage } from '../../functions/contracts/realtime.js';

export type StreamPiece = Extract<ServerSocketMessage, { type: 'stream' }>;

/**
 * The answer streamed over the page's socket for one message it sent (issue 28): pieces are kept by
 * `seq` and the text so far is the pieces before the first missing one; a new `seq` 0 (a retry of the
 * same message) starts again. Returns the text so far, or undefined for another message's piece.
 * Framework-free: shared by the embed widget, the demo page, the test chat and the Training studio.
 */
export function streamedText(clientMessageId: string): (piece: StreamPiece) => string | undefined {
  let pieces: string[] = [];
  return (piece) => {
    if (piece.client_message_id !== clientMessageId) return undefined;
    if (piece.seq === 0) pieces = [];
    pieces[piece.seq] = piece.text;
    let text = '';
    for (const part of pieces) {
      if (part === undefined) break;
      text += part;
    }
    return text;
  };
}
