/**
 * Timeouts and retries of every AWS SDK client the functions create, in one place. A dependency that
 * stops answering must fail the request well inside the route's limit (lib/routes.ts: 10 s by default,
 * 29 s for the slow routes; API Gateway gives up at 30 s), so the caller gets a clear 503 instead of a
 * request that hangs until the function is killed.
 *
 * Worst case of one call: `maxAttempts` x requestTimeout (which counts from the start, connecting
 * and waiting for a pooled socket included) plus the SDK's backoff (about 100 ms): about 8 s for
 * DynamoDB, 6 s for the small APIs and 10 s for S3, whose index objects take longer to send.
 */
import type { Dependency } from './dependency-outage.js';

interface Timeouts {
  /** Until the TCP connection is up (a host that drops packets fails here). */
  connectionTimeout: number;
  /** From the start until the response's headers (a body then streams under socketTimeout). */
  requestTimeout: number;
}

const SMALL_CALLS: Timeouts = { connectionTimeout: 3_000, requestTimeout: 3_000 };

export const CLIENT_TIMEOUTS: Record<Dependency, Timeouts> = {
  // DynamoDB answers in milliseconds. DynamoDB Local, serving all functions of the local runtime in
  // one process, took p99 3.5 s and at most 4.4 s per call in a burst of 250 chats at once: 4 s
  // passes that (the rare slower call is retried) and still ends a frozen database within 10 s.
  database: { connectionTimeout: 4_000, requestTimeout: 4_000 },
  'file storage': { connectionTimeout: 5_000, requestTimeout: 5_000 },
  'function invocation': SMALL_CALLS,
  'secret store': SMALL_CALLS,
  'realtime connections': SMALL_CALLS,
  'e-mail service': SMALL_CALLS,
  'user directory': SMALL_CALLS,
  'workflow engine': SMALL_CALLS,
  'text messages': SMALL_CALLS,
};

/** The first attempt and one retry (the SDK's default is 3 attempts without any timeout). */
export const MAX_ATTEMPTS = 2;

/** Idle time allowed while a response body streams. */
const SOCKET_IDLE_MS = 5_000;

/** Client configuration for a dependency: pass it to the client's constructor. */
export function awsClientConfig(dependency: Dependency) {
  const { connectionTimeout, requestTimeout } = CLIENT_TIMEOUTS[dependency];
  return {
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout,
      requestTimeout,
      throwOnRequestTimeout: true,
      socketTimeout: SOCKET_IDLE_MS,
    },
  };
}
