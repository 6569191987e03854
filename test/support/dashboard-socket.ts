import { expect } from 'vitest';
import WebSocket from 'ws';
import { subOf } from './accounts.js';
import type { RuntimeContext } from './runtime-context.js';
import { withRuntimeEnv } from './runtime-env.js';

export type Received = Record<string, unknown>;

/** A signed-in dashboard's socket, keeping every message it receives in order. */
export async function dashboardSocket(runtime: Pick<RuntimeContext, 'realtimeUrl' | 'env'>, idToken: string) {
  const socket = new WebSocket(`${runtime.realtimeUrl}?token=${encodeURIComponent(idToken)}`);
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // $connect registers the connection after the upgrade: wait until the server knows it.
  await expect
    .poll(() =>
      withRuntimeEnv(runtime.env, async () => (await import('../../functions/core/realtime/connections.js')).connectionsOfUser(subOf(idToken))),
    )
    .not.toHaveLength(0);
  return {
    socket,
    /** The next message at `index` (0: the first ever received), waiting for it to come. */
    async message(index: number): Promise<Received> {
      while (received.length <= index) await new Promise<void>((wake) => waiters.push(wake));
      return received[index]!;
    },
    /** The first message `matches` accepts, waiting for it to come. */
    async first(matches: (message: Received) => boolean): Promise<Received> {
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}
