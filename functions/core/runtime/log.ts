import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/**
 * The one logger (Powertools for AWS Lambda): one JSON object per line with the Lambda request id,
 * cold start and, on HTTP routes, the API Gateway request id and route (functions/core/runtime/observability.ts).
 * Errors anywhere in the fields are written with name, message and stack. LOG_LEVEL=silent silences it
 * (tests, the local runtime's quiet mode).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'assistly',
  logLevel: (process.env.LOG_LEVEL ?? 'info').toUpperCase() as LogLevel,
});

type Fields = Record<string, unknown>;

/**
 * The keys naming the invocation a piece of work belongs to. Powertools keeps its keys on the logger,
 * shared by the whole process: work an invocation leaves running after its answer (a read receipt, a
 * broadcast) would log with the keys of whichever invocation runs next (on Lambda, the next request
 * thawing the process; locally, any concurrent one). AsyncLocalStorage follows each invocation's own
 * promises and timers instead.
 */
const invocationKeys = new AsyncLocalStorage<Fields>();

/** Runs `work` as one invocation: every line it logs, now or later, carries `keys` (and what it adds). */
export const withLogKeys = <T>(keys: Fields, work: () => T): T => invocationKeys.run({ ...keys }, work);

/** Adds keys to the current invocation's lines (the route once it is known). */
export function appendLogKeys(keys: Fields): void {
  const current = invocationKeys.getStore();
  if (current) Object.assign(current, keys);
  else logger.appendKeys(keys);
}

// Per-line fields are merged over Powertools' own, so the invocation's keys win over the process-wide ones.
const withKeys = (fields: Fields): Fields => ({ ...invocationKeys.getStore(), ...fields });

/** The project's logging calls: a message that says what happened, and the fields that identify it. */
export const log = {
  debug: (message: string, fields: Fields = {}) => logger.debug(message, withKeys(fields)),
  info: (message: string, fields: Fields = {}) => logger.info(message, withKeys(fields)),
  warn: (message: string, fields: Fields = {}) => logger.warn(message, withKeys(fields)),
  error: (message: string, fields: Fields = {}) => logger.error(message, withKeys(fields)),
};
