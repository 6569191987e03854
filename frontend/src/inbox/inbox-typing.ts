import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '@contracts/takeover';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Typing indicators between the inbox and the visitor (issue 28), over the inbox's realtime socket
 * (use-inbox-live.ts holds it): which visitors are typing now, and the signal that the person here is.
 */

/** When each conversation's visitor last typed (ms). */
const visitorTyped = new Map<string, number>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

let socket: WebSocket | undefined;
const lastSignal = new Map<string, number>();

/** The inbox's open socket (undefined while it is not open): typing signals go there. */
export function setInboxSocket(open: WebSocket | undefined): void {
  socket = open;
}

/** The server said this conversation's visitor is typing. */
export function visitorIsTyping(conversationId: string): void {
  visitorTyped.set(conversationId, Date.now());
  changed();
}

/** The visitor's message arrived: they are not typing any more. */
export function visitorStoppedTyping(conversationId: string): void {
  if (visitorTyped.delete(conversationId)) changed();
}

/** The person here types a reply: the visitor's widget says so, at most every few seconds per conversation. */
export function signalTyping(conversationId: string): void {
  const now = Date.now();
  if (socket?.readyState !== WebSocket.OPEN || now - (lastSignal.get(conversationId) ?? 0) < TYPING_EVERY_MS) return;
  lastSignal.set(conversationId, now);
  socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
}

/** The person's reply was sent, which ends their typing: their next keystroke is told at once. */
export function replySent(conversationId: string): void {
  lastSignal.delete(conversationId);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the conversation's visitor typed in the last few seconds (re-rendered when that ends). */
export function useVisitorTyping(conversationId: string): boolean {
  const typedAt = useSyncExternalStore(subscribe, () => visitorTyped.get(conversationId));
  const [now, setNow] = useState(() => Date.now());
  const typing = typedAt !== undefined && now - typedAt < TYPING_SHOWN_MS;
  useEffect(() => {
    if (typedAt === undefined) return;
    setNow(Date.now());
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, typedAt + TYPING_SHOWN_MS - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [typedAt]);
  return typing;
}
