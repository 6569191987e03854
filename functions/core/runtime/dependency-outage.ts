/** The services a function depends on, named as a person reading an error would name them. */
export type Dependency = 'database' | 'file storage' | 'function invocation' | 'secret store' | 'realtime connections' | 'e-mail service' | 'user directory' | 'workflow engine' | 'text messages';

/** What the SDK client of a dependency adds to the errors it throws (see labelDependencyErrors). */
interface Labelled {
  $dependency?: Dependency;
  name?: string;
  code?: string;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
  $fault?: 'client' | 'server';
  $retryable?: unknown;
}

/** Errors of a dependency that is down, slow or overloaded (the AWS SDK's own transient classes). */
const TIMEOUT_NAMES = ['TimeoutError', 'RequestTimeout', 'RequestTimeoutException'];
const NETWORK_CODES = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'];
const THROTTLING_NAMES = [
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'SlowDown',
  'LimitExceededException',
];

function isOutage(error: Labelled): boolean {
  const status = error.$metadata?.httpStatusCode ?? 0;
  return (
    TIMEOUT_NAMES.includes(error.name ?? '') ||
    NETWORK_CODES.includes(error.code ?? '') ||
    THROTTLING_NAMES.includes(error.name ?? '') ||
    status === 429 ||
    status >= 500 ||
    error.$fault === 'server'
  );
}

/**
 * The dependency whose outage caused `error`, or undefined for anything else (a bug, a refused
 * condition, a missing object). Follows `cause`, as ElectroDB wraps the SDK's errors.
 */
export function dependencyOutage(error: unknown): Dependency | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const labelled = current as Labelled;
    if (labelled.$dependency && isOutage(labelled)) return labelled.$dependency;
    current = labelled.cause;
  }
  return undefined;
}

type Handler = (args: never) => Promise<unknown>;
/** Any AWS SDK v3 client (each one types its middleware by its own commands' inputs and outputs). */
interface MiddlewareClient {
  middlewareStack: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    add(middleware: (next: any) => Handler, options: { step: 'initialize'; name: string; override?: boolean }): void;
  };
}

/**
 * Marks every error a client throws, after its retries, with the dependency it belongs to; the error
 * keeps its class and fields, so callers that look for NoSuchKey or GoneException still find them.
 */
export function labelDependencyErrors<C extends MiddlewareClient>(client: C, dependency: Dependency): C {
  client.middlewareStack.add(
    (next: Handler) => async (args: never) => {
      try {
        return await next(args);
      } catch (error) {
        if (error && typeof error === 'object') (error as Labelled).$dependency ??= dependency;
        throw error;
      }
    },
    { step: 'initialize', name: 'labelDependencyErrors', override: true },
  );
  return client;
}
