import { expect } from 'vitest';
import WebSocket from 'ws';
import { withRuntimeEnv } from './runtime-env.js';
import { contactIdOf } from './visitor.js';

type Received = Record<string, unknown>;

/** Opens the realtime socket with `token`; rejects with the HTTP status of a refused upgrade. */
export function connectSocket(realtimeUrl: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(token)}`);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const visitorConnections = (env: Record<string, string>, chatbotId: string, contactId: string) =>
  withRuntimeEnv(env, async () => {
    const { connectionsOfUser } = await import('../../functions/core/realtime/connections.js');
    const { visitorSocketKey } = await import('../../functions/core/realtime/visitor-replies.js');
    return connectionsOfUser(visitorSocketKey(chatbotId, contactId));
  });

/** A visitor's widget socket (opened with their visitor token), keeping every message it receives in order. */
export async function widgetSocket(runtime: { realtimeUrl: string; env: Record<string, string> }, chatbotId: string, visitorToken: string) {
  const socket = await connectSocket(runtime.realtimeUrl, visitorToken);
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  // $connect registers the connection after the upgrade: wait until the server knows it.
  await expect.poll(() => visitorConnections(runtime.env, chatbotId, contactIdOf(visitorToken)), { timeout: 15_000 }).not.toHaveLength(0);
  return {
    socket,
    /** The message at `index` (0: the first ever received), waiting for it to come. */
    async message(index: number): Promise<Received> {
      while (received.length <= index) await new Promise<void>((wake) => waiters.push(wake));
      return received[index]!;
    },
    /** Closes it and waits until closed, so $disconnect runs before the runtime stops. */
    close: () => new Promise((closed) => (socket.once('close', closed), socket.close())),
  };
}
