/**
 * The visitor's side of the realtime WebSocket (issue 11): opened with the visitor token POST /chat
 * issued, it receives the business's messages in this visitor's conversation (a person's reply from
 * the inbox, the transfer fallback message) as they are stored. Shared by the embed widget and the demo
 * page, framework-free (the widget's budget is 12 KB gzip). The heartbeat keeps API Gateway from closing
 * an idle socket (10 min); a dropped socket reconnects with the spec's backoff using the current token.
 */
import type { ServerSocketMessage } from '../../functions/contracts/realtime.js';
import type { StreamPiece } from './answer-stream.js';

export type VisitorReplyEvent = Extract<ServerSocketMessage, { type: 'reply' }>;

/** What the socket gives besides replies: a person joined or is typing, the assistant answers again (issue 28). */
export type VisitorEvent = Extract<ServerSocketMessage, { type: 'person_joined' | 'handed_back' | 'person_typing' }>;

/** Closes the socket for good; `send` sends on it while it is open (dropped otherwise). */
export type VisitorSocket = (() => void) & { send(message: object): void };

/** Spec 000 section 9 (contracts/realtime.ts): copied here so the widget does not bundle zod. */
const HEARTBEAT_MS = 25_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Listens for replies while the page is open. `token()` is read at each (re)connection: the server
 * renews the token with every reply, and any of the visitor's valid tokens opens their socket.
 * Returns a function that closes it for good, whose `send` sends on it (the typing signal).
 */
export function listenForReplies(
  realtimeUrl: string,
  token: () => string | undefined,
  onReply: (reply: VisitorReplyEvent) => void,
  /** The pieces of an answer streamed to this socket (answer-stream.ts). */
  onStream?: (piece: StreamPiece) => void,
  /** A person joined or is typing, the assistant answers again (issue 28). */
  onEvent?: (event: VisitorEvent) => void,
): VisitorSocket {
  let socket: WebSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const open = () => {
    const current = token();
    if (stopped || !current) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${realtimeUrl}${realtimeUrl.includes('?') ? '&' : '?'}token=${encodeURIComponent(current)}`);
    } catch {
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      heartbeat = setInterval(() => ws.send('{"action":"ping"}'), HEARTBEAT_MS);
    };
    ws.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as ServerSocketMessage;
        if (message.type === 'reply' && typeof message.content === 'string') onReply(message);
        if (message.type === 'stream' && typeof message.text === 'string') onStream?.(message);
        else if (message.type === 'person_joined' || message.type === 'handed_back' || message.type === 'person_typing') onEvent?.(message);
      } catch {
        // Not ours: ignore.
      }
    };
    ws.onclose = () => {
      clearInterval(heartbeat);
      if (!stopped) retry = setTimeout(open, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
    };
  };
  open();

  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    socket?.close();
  };
  return Object.assign(stop, {
    send: (message: object) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  });
}
