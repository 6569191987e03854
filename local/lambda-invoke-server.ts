import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { allFunctionNames, type FunctionName } from '../lib/routes.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { BodyTooLargeError, readBody } from './read-body.js';
import { log } from '../functions/core/runtime/log.js';

export interface LambdaInvokeServer {
  endpoint: string;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
/** Lambda's synchronous payload limit (the asynchronous one is smaller; either way, larger is refused). */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** How the Lambda API refuses a request, with its error type in the header the SDK reads. */
const refuse = (res: ServerResponse, status: number, type: string, message: string) =>
  answer(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });

function functionName(url: string | undefined): string | undefined {
  const match = INVOKE_PATH.exec(url?.split('?')[0] ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!).split(':').pop();
  } catch {
    return undefined;
  }
}

/**
 * The Lambda Invoke API for the named functions: cognito-local calls its triggers through it, and
 * asynchronous invocations (`InvocationType: Event`) of later issues use it too. As on Lambda, a
 * function's failure is that invocation's failure; nothing a caller sends or a handler does ends the
 * local runtime.
 */
export async function startLambdaInvokeServer(port: number): Promise<LambdaInvokeServer> {
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const name = functionName(req.url);
    if (req.method !== 'POST' || !name || !allFunctionNames.includes(name as FunctionName)) {
      return refuse(res, 404, 'ResourceNotFoundException', `Function not found: ${name ?? req.url}`);
    }
    let payload: unknown;
    try {
      const raw = await readBody(req, MAX_PAYLOAD_BYTES);
      payload = raw.length ? JSON.parse(raw.toString('utf8')) : {};
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(res, 413, 'RequestTooLargeException', error.message);
      if (error instanceof SyntaxError) return refuse(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
      res.destroy();
      return;
    }
    const handler = await loadHandler(name as FunctionName);
    // A handler that throws synchronously fails its invocation like one that rejects.
    const run = () => Promise.resolve().then(() => handler(payload, lambdaContext(name)));
    if (req.headers['x-amz-invocation-type'] === 'Event') {
      res.writeHead(202).end();
      // Lambda queues the event and answers at once; the function starts elsewhere. Here it shares the
      // caller's process, so it starts two event-loop turns later: the caller reads the 202 and finishes
      // its own answer (a webhook's acknowledgement) before this work takes the CPU.
      setImmediate(() => setImmediate(() => run().catch((error: unknown) => log.error('Async invocation failed', { name, error }))));
      return;
    }
    try {
      const result = await run();
      answer(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      // Lambda reports a function error as 200 with X-Amz-Function-Error and the error as payload.
      const { name: errorType, message: errorMessage } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      answer(res, 200, { errorType, errorMessage }, { 'x-amz-function-error': 'Unhandled' });
    }
  };

  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      log.error('Invocation failed in the local Lambda API', { url: req.url, error });
      if (res.headersSent) return void res.destroy();
      refuse(res, 500, 'ServiceException', 'The local Lambda API could not run this invocation');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
