import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { socketAuthorizer, socketRoutes } from '../lib/routes.js';
import { log } from '../functions/core/runtime/log.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { BodyTooLargeError, readBody } from './read-body.js';

export interface WsGateway {
  /** What browsers connect to (`ws://`). */
  url: string;
  /** The `@connections` management endpoint handlers post to (REALTIME_ENDPOINT). */
  managementEndpoint: string;
  stop(): Promise<void>;
}

/** API Gateway WebSocket message limit. */
const MAX_MESSAGE_BYTES = 128 * 1024;
const CONNECTIONS_PATH = /\/@connections\/([^/?]+)$/;
/** How long stop() waits for messages and disconnects being handled (they use the database, stopped next). */
const DRAIN_MS = 5_000;

const routeName = (key: (typeof socketRoutes)[number]['routeKey']) => socketRoutes.find((r) => r.routeKey === key)!.name;

interface Connection {
  socket: WebSocket;
  authorizer: Record<string, unknown>;
}

function query(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(new URL(req.url ?? '/', 'http://local').searchParams);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
}

function requestContext(connectionId: string, routeKey: string, eventType: string, authorizer?: Record<string, unknown>) {
  const now = Date.now();
  return {
    routeKey,
    eventType,
    connectionId,
    messageId: randomBytes(8).toString('base64url'),
    extendedRequestId: crypto.randomUUID(),
    requestTime: new Date(now).toUTCString(),
    requestTimeEpoch: now,
    messageDirection: 'IN',
    stage: 'live',
    connectedAt: now,
    requestId: crypto.randomUUID(),
    domainName: 'localhost',
    apiId: 'local',
    ...(authorizer ? { authorizer } : {}),
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ message: text })}`);
  socket.destroy();
}

/**
 * The local WebSocket API: `$connect` behind the Lambda REQUEST authorizer, `$default`,
 * `$disconnect`, and the `@connections` endpoint (PostToConnection answers 410 for a gone socket).
 */
export async function startWsGateway(port: number): Promise<WsGateway> {
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  async function invoke(name: string, event: unknown) {
    const handler = await loadHandler(name as never);
    return handler(event, lambdaContext(name));
  }
  /** Messages and disconnects being handled, and sockets not yet closed: what stop() waits for. */
  const handling = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    handling.add(work);
    work.finally(() => handling.delete(work)).catch(() => undefined);
    return work;
  };

  const manage = async (req: IncomingMessage, res: ServerResponse) => {
    const match = CONNECTIONS_PATH.exec(req.url ?? '');
    let connectionId: string | undefined;
    try {
      connectionId = match ? decodeURIComponent(match[1]!) : undefined;
    } catch {
      connectionId = undefined;
    }
    if (!connectionId) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const connection = connections.get(connectionId);
    if (!connection) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    if (req.method === 'DELETE') {
      connection.socket.close(1000);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ identity: {} }));
      return;
    }
    let data: Buffer;
    try {
      data = await readBody(req, MAX_MESSAGE_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) return void res.destroy();
      res.writeHead(413, { 'content-type': 'application/json', 'x-amzn-errortype': 'PayloadTooLargeException' });
      res.end(JSON.stringify({ message: error.message }));
      return;
    }
    connection.socket.send(data.toString('utf8'));
    res.writeHead(200).end();
  };

  // One failing request or connection is that one's failure: the gateway serves on.
  const server: Server = createServer((req, res) => {
    manage(req, res).catch((error: unknown) => {
      log.error('@connections request failed', { url: req.url, error });
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const connectionId = randomBytes(12).toString('base64').replace(/[+/]/g, 'A');
    let queryStringParameters: Record<string, string>;
    try {
      queryStringParameters = query(req);
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    const headers = headersOf(req);
    let authorizer: Record<string, unknown>;
    try {
      const result = await invoke(socketAuthorizer.name, {
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:local:000000000000:local/live/$connect`,
        headers,
        queryStringParameters,
        requestContext: requestContext(connectionId, '$connect', 'CONNECT'),
      });
      const allowed = result?.policyDocument?.Statement?.every((s: { Effect: string }) => s.Effect === 'Allow');
      if (!allowed) return refuse(socket, 403, 'Forbidden');
      authorizer = { principalId: result.principalId, ...(result.context ?? {}) };
    } catch {
      return refuse(socket, 401, 'Unauthorized');
    }
    try {
      const result = await invoke(routeName('$connect'), {
        headers,
        queryStringParameters,
        isBase64Encoded: false,
        requestContext: requestContext(connectionId, '$connect', 'CONNECT', authorizer),
      });
      if ((result?.statusCode ?? 200) >= 300) return refuse(socket, 403, 'Forbidden');
    } catch (error) {
      log.error('$connect failed', { error });
      return refuse(socket, 500, 'Internal Server Error');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections.set(connectionId, { socket: ws, authorizer });
      // Invalid frames (bad UTF-8, above the size limit) close this socket with an error; unheard,
      // that error would end the process.
      ws.on('error', (error) => log.warn('WebSocket connection error', { connectionId, error }));
      track(new Promise((resolve) => ws.once('close', resolve)));
      ws.on('message', (data, isBinary) => {
        const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
        track(invoke(routeName('$default'), {
          body,
          isBase64Encoded: isBinary,
          requestContext: requestContext(connectionId, '$default', 'MESSAGE', authorizer),
        }).catch((error) => log.error('$default failed', { error })));
      });
      ws.on('close', () => {
        connections.delete(connectionId);
        track(invoke(routeName('$disconnect'), {
          isBase64Encoded: false,
          requestContext: requestContext(connectionId, '$disconnect', 'DISCONNECT', authorizer),
        }).catch((error) => log.error('$disconnect failed', { error })));
      });
    });
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets while being authorized must not leave an unheard socket error.
    socket.on('error', (error) => log.warn('WebSocket upgrade socket error', { error }));
    upgrade(req, socket, head).catch((error: unknown) => {
      log.error('WebSocket upgrade failed', { error });
      if (!socket.destroyed) refuse(socket, 500, 'Internal Server Error');
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${port}`,
    managementEndpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      for (const { socket } of connections.values()) socket.terminate();
      // Until the sockets have closed and their $disconnect and messages are handled (or DRAIN_MS): the
      // runtime stops the database after the gateway.
      const giveUp = Date.now() + DRAIN_MS;
      while (handling.size && Date.now() < giveUp) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...handling]), new Promise((resolve) => (timer = setTimeout(resolve, giveUp - Date.now())))]);
        clearTimeout(timer);
      }
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
