import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { signUpAndSignIn, subOf, type TestUser } from '../support/accounts.js';
import { withRuntimeEnv } from '../support/runtime-env.js';

const { realtimeUrl, config, env } = inject('runtime');

/** Resolves with the socket once open, or rejects with the HTTP status of the refused upgrade. */
function connect(token?: string): Promise<WebSocket> {
  const url = token === undefined ? realtimeUrl : `${realtimeUrl}?token=${encodeURIComponent(token)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(data.toString()))));
}

async function connectionsOf(userId: string): Promise<string[]> {
  return withRuntimeEnv(env, async () => {
    const { connectionsOfUser } = await import('../../functions/core/realtime/connections.js');
    return connectionsOfUser(userId);
  });
}

describe('the realtime WebSocket', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUpAndSignIn(config);
  });

  it('refuses a connection without a token', async () => {
    await expect(connect()).rejects.toThrow('refused 401');
  });

  it('refuses a connection with a tampered token', async () => {
    const [h, p, s] = owner.idToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims.sub = 'someone-else';
    const tampered = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    await expect(connect(tampered)).rejects.toThrow('refused 401');
  });

  it('accepts a valid token, registers the connection and answers the heartbeat with one pong', async () => {
    const socket = await connect(owner.idToken);
    try {
      await expect.poll(() => connectionsOf(subOf(owner.idToken))).toHaveLength(1);
      const reply = nextMessage(socket);
      socket.send(JSON.stringify({ action: 'ping', id: 'beat-1' }));
      expect(await reply).toMatchObject({ type: 'pong', id: 'beat-1' });
      const extra = await Promise.race([nextMessage(socket), new Promise((r) => setTimeout(() => r('none'), 300))]);
      expect(extra).toBe('none');
    } finally {
      socket.close();
    }
    await expect.poll(() => connectionsOf(subOf(owner.idToken))).toHaveLength(0);
  });

  it('answers a message it does not understand with an error, and stays open', async () => {
    const socket = await connect(owner.idToken);
    try {
      const reply = nextMessage(socket);
      socket.send('not json');
      expect(await reply).toEqual({ type: 'error', message: 'Messages must be JSON' });
      const second = nextMessage(socket);
      socket.send(JSON.stringify({ action: 'dance' }));
      expect(await second).toMatchObject({ type: 'error' });
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  });
});
