import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { functionEntry, type FunctionName } from '../lib/routes.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHandler = (event: any, context?: any) => Promise<any>;

const loaded = new Map<string, Promise<AnyHandler>>();

/** Imports `functions/<name>/handler.ts` once, as Lambda keeps a warm module. */
export function loadHandler(name: FunctionName): Promise<AnyHandler> {
  let handler = loaded.get(name);
  if (!handler) {
    const url = pathToFileURL(resolve(import.meta.dirname, '..', functionEntry(name))).href;
    handler = import(url).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${functionEntry(name)} does not export a handler`);
      return mod.handler;
    });
    loaded.set(name, handler);
  }
  return handler;
}

/** A minimal Lambda context for in-process invocations. */
export function lambdaContext(functionName: string) {
  return {
    functionName,
    functionVersion: '$LATEST',
    awsRequestId: crypto.randomUUID(),
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
  };
}
