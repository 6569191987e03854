import { createServer, type Server } from 'node:http';
import { allFunctionNames, type FunctionName } from '../lib/routes.js';
import { lambdaContext, loadHandler } from './handlers.js';
import { readBody } from './read-body.js';
import { log } from '../functions/core/runtime/log.js';

export interface LambdaInvokeServer {
  endpoint: string;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The Lambda Invoke API for the named functions: cognito-local calls its triggers through it, and
 * asynchronous invocations (`InvocationType: Event`) of later issues use it too.
 */
export async function startLambdaInvokeServer(port: number): Promise<LambdaInvokeServer> {
  const server: Server = createServer(async (req, res) => {
    const match = INVOKE_PATH.exec(req.url?.split('?')[0] ?? '');
    const name = match ? decodeURIComponent(match[1]!).split(':').pop() : undefined;
    if (req.method !== 'POST' || !name || !allFunctionNames.includes(name as FunctionName)) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
      res.end(JSON.stringify({ message: `Function not found: ${name ?? req.url}` }));
      return;
    }
    try {
      const raw = await readBody(req, 6 * 1024 * 1024);
      const payload = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      const handler = await loadHandler(name as FunctionName);
      if (req.headers['x-amz-invocation-type'] === 'Event') {
        res.writeHead(202).end();
        handler(payload, lambdaContext(name)).catch((error) => log.error('Async invocation failed', { name, error }));
        return;
      }
      const result = await handler(payload, lambdaContext(name));
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      // Lambda reports a function error as 200 with X-Amz-Function-Error and the error as payload.
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
