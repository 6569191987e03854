import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { log } from '../../functions/core/runtime/log.js';
import { readBody } from '../read-body.js';

/** An error the AWS JSON protocol returns: its type (`__type`) is what the SDK turns into an exception class. */
export class AwsApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type AwsJsonOperations = Record<string, (input: Record<string, unknown>) => Promise<unknown> | unknown>;

/**
 * A server for an AWS JSON 1.0 API (Step Functions, End User Messaging SMS): POST / with
 * `X-Amz-Target: <Service>.<Operation>` and a JSON body, answered with JSON or `{ __type, message }`.
 * `pages` serves GET requests (a stand-in's own page listing what it did).
 */
export function startAwsJsonServer(
  port: number,
  operations: AwsJsonOperations,
  pages: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Promise<Server> {
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
    res.end(JSON.stringify(body));
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && pages(req, res)) return;
    const operation = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    const run = operations[operation];
    if (req.method !== 'POST' || !run) {
      return answer(res, 400, { __type: 'UnknownOperationException', message: `Unknown operation ${operation || req.url}` });
    }
    try {
      const raw = await readBody(req, 1024 * 1024);
      const result = await run(raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {});
      answer(res, 200, result ?? {});
    } catch (error) {
      if (error instanceof AwsApiError) return answer(res, error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
      if (error instanceof SyntaxError) return answer(res, 400, { __type: 'SerializationException', message: 'The body is not JSON' });
      log.error('Local AWS stand-in failed', { operation, error });
      answer(res, 500, { __type: 'InternalFailure', message: 'The local stand-in failed' });
    }
  };
  const server = createServer((req, res) => void serve(req, res));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
