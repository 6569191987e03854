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

/** The project's logging calls: a message that says what happened, and the fields that identify it. */
export const log = {
  debug: (message: string, fields: Fields = {}) => logger.debug(message, fields),
  info: (message: string, fields: Fields = {}) => logger.info(message, fields),
  warn: (message: string, fields: Fields = {}) => logger.warn(message, fields),
  error: (message: string, fields: Fields = {}) => logger.error(message, fields),
};
