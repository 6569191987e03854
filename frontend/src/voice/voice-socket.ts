import { HEARTBEAT_INTERVAL_MS } from '@contracts/realtime';
import type { VoiceServerEvent } from '@contracts/voice';

export interface VoiceSocket {
  send(message: Record<string, unknown>): void;
  close(): void;
}

/**
 * Opens the realtime socket with create-realtime-session's token as `?token=` (browsers cannot set
 * headers on a WebSocket) and keeps it alive with the heartbeat. Rejects if it cannot open.
 */
export async function openVoiceSocket(
  realtimeUrl: string,
  token: string,
  handlers: { onEvent(event: VoiceServerEvent): void; onClose(): void },
): Promise<VoiceSocket> {
  const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error('The voice service refused the connection'));
  });
  const heartbeat = window.setInterval(() => socket.send(JSON.stringify({ action: 'ping' })), HEARTBEAT_INTERVAL_MS);
  socket.onmessage = (message) => {
    try {
      const event = JSON.parse(String(message.data)) as { type?: string };
      if (event.type && event.type !== 'pong') handlers.onEvent(event as VoiceServerEvent);
    } catch {
      handlers.onEvent({ type: 'error', message: 'The voice service sent a message that could not be read' });
    }
  };
  socket.onclose = () => {
    window.clearInterval(heartbeat);
    handlers.onClose();
  };
  return {
    send: (message) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message)),
    close: () => {
      window.clearInterval(heartbeat);
      socket.onclose = null;
      socket.close();
    },
  };
}
