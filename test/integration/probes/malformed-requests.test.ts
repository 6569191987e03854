import { connect as connectTcp } from 'node:net';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { httpRoutes } from '../../../lib/routes.js';
import { signUpAndSignIn } from '../../support/accounts.js';

const { apiUrl, realtimeUrl, config, env } = inject('runtime');

/** Percent-encodings that do not decode: cut short, not hex, overlong and lone UTF-8 bytes. */
const MALFORMED = ['%E0%A4%A', '%', '%zz', '%C3', '%FF%FE', '%ED%A0%80', 'a%2', '%%41'];

/** Every route of lib/routes.ts with each path parameter replaced by `value`, or `value` appended. */
const routeProbes = (value: string) =>
  httpRoutes.map((route) => ({
    route,
    path: route.path.includes('{') ? route.path.replace(/\{[^}]+\}/g, value) : `${route.path}/${value}`,
  }));

/** Sends raw bytes and resolves with the status line's code (or 0 when the server closed without one). */
function rawRequest(base: string, bytes: string | Buffer, { endAfterWrite = true } = {}): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), hostname, () => {
      socket.write(bytes);
      if (endAfterWrite) socket.end();
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(0) : reject(error)));
    setTimeout(() => socket.destroy(), 5_000);
  });
}

/** Refused by the server (4xx) or cut off (0): never a 5xx. */
const refused = (status: number) => status === 0 || (status >= 400 && status < 500);

async function expectRuntimeUp() {
  const health = await fetch(`${apiUrl}/health`);
  expect(health.status).toBe(200);
}

describe('the local runtime cannot be brought down by a request', () => {
  let idToken: string;
  beforeAll(async () => {
    ({ idToken } = await signUpAndSignIn(config));
  });
  afterEach(expectRuntimeUp);

  it('GET /public/chatbots/%E0%A4%A answers 400 and the runtime serves on', async () => {
    const res = await fetch(`${apiUrl}/public/chatbots/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/Malformed percent-encoding/);
  });

  it.each(MALFORMED)('every route with %s in its path answers 400, with or without a token', async (value) => {
    const statuses = await Promise.all(
      routeProbes(value).flatMap(({ route, path }) =>
        [undefined, idToken].map(async (token) => {
          const res = await fetch(`${apiUrl}${path}`, {
            method: route.method,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
          });
          await res.arrayBuffer();
          return `${route.method} ${path} ${token ? 'signed in' : 'anonymous'}: ${res.status}`;
        }),
      ),
    );
    expect(statuses.filter((line) => !line.endsWith(': 400'))).toEqual([]);
  });

  it('malformed query strings reach the functions as text and never fail them', async () => {
    const statuses = await Promise.all(
      MALFORMED.map(async (value) => (await fetch(`${apiUrl}/public/chatbots/x/demo-stats?period=${value}`)).status),
    );
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);
    for (const status of statuses) expect(status).toBeLessThan(500);
  });

  it('request lines, headers and bodies the HTTP parser refuses get 4xx or a closed connection', async () => {
    const statuses = await Promise.all([
      rawRequest(apiUrl, 'GET /public/chatbots/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n'),
      rawRequest(apiUrl, 'GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n'),
      rawRequest(apiUrl, 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'),
      rawRequest(apiUrl, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Ctl: a\x01b\r\n\r\n'),
      rawRequest(apiUrl, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      rawRequest(apiUrl, 'POST /chat HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'),
      rawRequest(apiUrl, 'POST /chat HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}'),
      rawRequest(apiUrl, 'POST /chat HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'),
      rawRequest(apiUrl, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01, 0x00])),
    ]);
    expect(statuses.filter((status) => !refused(status))).toEqual([]);
  });

  it('a body cut off mid-way and malformed bodies are that request’s problem only', async () => {
    // Announces 1,000 bytes, sends 10 and goes away.
    const cutOff = await rawRequest(apiUrl, 'POST /chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message"');
    expect(refused(cutOff), `status ${cutOff}`).toBe(true);
    const bodies = ['{', '{"message": "\\ud800", "chatbotId": 1}', 'null', '[]', '"text"', '\u0000', '{"__proto__": {"x": 1}}'];
    const statuses = await Promise.all(
      bodies.map(async (body) => (await fetch(`${apiUrl}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status),
    );
    expect(statuses).toEqual(bodies.map(() => 400));
    const binary = await fetch(`${apiUrl}/chat`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([0xff, 0xfe, 0x00]) });
    expect(binary.status).toBe(415);
  });

  it('the WebSocket gateway and its @connections endpoint survive malformed input', async () => {
    const managementBase = env.REALTIME_ENDPOINT;
    const bad = await fetch(`${managementBase}/@connections/%E0%A4%A`, { method: 'POST', body: 'x' });
    expect(bad.status).toBe(404);
    expect(await rawRequest(realtimeUrl.replace('ws:', 'http:'), 'GET /?token=%E0%A4%A HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n')).toBeGreaterThanOrEqual(400);
    // An upgrade the client abandons while it is being authorized.
    await rawRequest(realtimeUrl.replace('ws:', 'http:'), 'GET /?token=abc HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');

    // A signed-in socket that sends a text frame of invalid UTF-8: the socket closes, the gateway stays.
    const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(idToken)}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
    expect(await closed).toBe(1007);
    const again = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(idToken)}`);
    await new Promise((resolve, reject) => again.once('open', resolve).once('error', reject));
    again.close();
  });

  it('the local Lambda Invoke API refuses a payload that is not JSON with 400', async () => {
    const res = await fetch(`${env.AWS_ENDPOINT_URL_LAMBDA}/2015-03-31/functions/health/invocations`, { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('InvalidRequestContentException');
    const badName = await fetch(`${env.AWS_ENDPOINT_URL_LAMBDA}/2015-03-31/functions/%E0%A4%A/invocations`, { method: 'POST', body: '{}' });
    expect(badName.status).toBe(404);
  });
});
