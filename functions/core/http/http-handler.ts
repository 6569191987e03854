import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { DEFAULT_MAX_BODY_BYTES, isSignedIn, type Access, type SignedInAccess } from '../../../lib/routes.js';
import { routeTable } from './route-table.js';
import type { Caller } from '../access/authorize.js';
import { dependencyOutage, type Dependency } from '../runtime/dependency-outage.js';
import { appendLogKeys, log } from '../runtime/log.js';
import { countMetric, observed } from '../runtime/observability.js';
import { HttpError, badRequest, forbidden } from './http-error.js';
import { identityFromEvent, type Identity } from './identity.js';
import type { runOnce } from './idempotency.js';
import { describeIssues, parseJsonBody } from './json-body.js';

type Route = (typeof routeTable)[number];
type RouteName = Route['name'];
type IdentityFor<N extends RouteName> = Extract<Route, { name: N }>['access'] extends SignedInAccess ? Identity : undefined;
type CallerFor<N extends RouteName> = Extract<Route, { name: N }>['access'] extends SignedInAccess ? Caller : undefined;

export interface HttpRequest<N extends RouteName, B, Q> {
  identity: IdentityFor<N>;
  /** The identity with the action its route needs (lib/routes.ts), for core/access/authorize.ts. */
  caller: CallerFor<N>;
  body: B;
  query: Q;
  pathParameters: Record<string, string | undefined>;
  event: APIGatewayProxyEventV2WithJWTAuthorizer;
  /**
   * Aborted when the route's time limit has answered 503: work that writes checks it before writing
   * (and undoes what it wrote), so nothing is stored after the client was told the request failed.
   */
  signal: AbortSignal;
}

interface Options<N extends RouteName, BS extends z.ZodType | undefined, QS extends z.ZodType | undefined> {
  route: N;
  body?: BS;
  query?: QS;
  successStatus?: number;
  /** Answer the result (a string) as plain text instead of JSON: Meta's webhook handshake echoes its challenge. */
  plainText?: boolean;
  /**
   * For routes marked `idempotent` in lib/routes.ts: `runOnce` from ./idempotency.js. Passed by those
   * handlers only, so the others bundle no table access for it.
   */
  idempotency?: typeof runOnce;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type HttpLambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context?: unknown,
) => Promise<APIGatewayProxyResultV2>;

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): { statusCode: number; headers: Record<string, string>; body: string } {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

function textResponse(statusCode: number, body: unknown) {
  return { statusCode, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: String(body) };
}

/** How long a client should wait before trying again after a dependency outage (503). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** The 503 text: what failed, that it is not the caller's doing, and what to do. */
export const outageMessage = (dependency: Dependency) =>
  `Service temporarily unavailable: our ${dependency} did not answer in time. Please try again in a few seconds.`;

/**
 * Turns any thrown error into `{ error }` JSON: 4xx with its message; 503 with Retry-After when a
 * dependency is down or too slow (its SDK client gave up within the time limits of
 * runtime/aws-client-config.ts); otherwise a logged 500, which means a bug.
 */
const errorResponder = (): middy.MiddlewareObj<APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2> => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      if (error.statusCode === 429) countMetric('RateLimited');
      request.response = jsonResponse(error.statusCode, { error: error.message }, error.headers);
      return;
    }
    const dependency = dependencyOutage(error);
    if (dependency) {
      log.error('Dependency unavailable', { dependency, error });
      countMetric('DependencyOutages');
      request.response = jsonResponse(503, { error: outageMessage(dependency) }, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });
      return;
    }
    log.error('Unhandled error', { error });
    countMetric('ServerErrors');
    request.response = jsonResponse(500, { error: 'Internal server error' });
  },
});

/** The request header a client sets to make a create request safe to retry (API Gateway lower-cases it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A route's time limit (lib/routes.ts, else the functions' default of 10 s), in ms. */
const routeTimeoutMs = (route: Route) => (('timeoutSeconds' in route ? (route.timeoutSeconds as number) : undefined) ?? 10) * 1000;

/** Kept from the route's limit to answer before Lambda (or the local gateway) gives up on the request. */
const ANSWER_RESERVE_MS = 1_000;

export const timeLimitMessage = (seconds: number) =>
  `This request took longer than its limit of ${seconds} seconds and was stopped before finishing. Please try again.`;

/**
 * The work's answer, or a 503 when the route's time limit comes first; then the work's signal is
 * aborted so it stops (and undoes) instead of writing after the answer.
 */
async function withinTimeLimit<T>(work: Promise<T>, controller: AbortController, limitMs: number, routeName: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`${routeName} passed its time limit`));
      reject(new HttpError(503, timeLimitMessage(Math.round((limitMs + ANSWER_RESERVE_MS) / 1000))));
    }, limitMs);
  });
  // Whatever the work does after the answer is its own business; it must not become an unhandled rejection.
  work.catch((error: unknown) => {
    if (controller.signal.aborted) log.warn('A request stopped at its time limit ended', { route: routeName, error });
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shape of every HTTP handler: look up the route's access rule in lib/routes.ts, authorize,
 * validate body and query with their contracts, call the domain, answer JSON.
 */
export function httpHandler<
  N extends RouteName,
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
>(
  options: Options<N, BS, QS>,
  impl: (request: HttpRequest<N, Infer<BS>, Infer<QS>>) => Promise<unknown>,
): HttpLambdaHandler {
  const route: Route | undefined = routeTable.find((r) => r.name === options.route);
  if (!route) throw new Error(`Unknown route ${options.route}`);
  if ('idempotent' in route && route.idempotent && !options.idempotency) {
    throw new Error(`${route.name} is idempotent in lib/routes.ts: its handler must pass { idempotency: runOnce }`);
  }
  const maxBodyBytes = ('maxBodyBytes' in route ? (route.maxBodyBytes as number) : undefined) ?? DEFAULT_MAX_BODY_BYTES;

  const core = async (event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<APIGatewayProxyResultV2> => {
    // Every log line of this request can be found from the id API Gateway returns to the client.
    appendLogKeys({ route: route.name, apiRequestId: event.requestContext?.requestId });
    let identity: Identity | undefined;
    const access = route.access as Access;
    if (isSignedIn(access)) {
      identity = identityFromEvent(event);
      if (access === 'admin' && !identity.groups.includes('admin')) throw forbidden('Admin access required');
    }
    const body = options.body
      ? parseJsonBody({ ...event, headers: event.headers }, options.body, maxBodyBytes)
      : undefined;
    let query: unknown = undefined;
    if (options.query) {
      const parsed = options.query.safeParse(event.queryStringParameters ?? {});
      if (!parsed.success) throw badRequest(describeIssues(parsed.error));
      query = parsed.data;
    }
    const controller = new AbortController();
    const run = async () =>
      (options.plainText ? textResponse : jsonResponse)(
        options.successStatus ?? 200,
        await impl({
          identity: identity as IdentityFor<N>,
          caller: (identity && 'action' in route ? { ...identity, action: route.action } : undefined) as CallerFor<N>,
          body: body as Infer<BS>,
          query: query as Infer<QS>,
          pathParameters: event.pathParameters ?? {},
          event,
          signal: controller.signal,
        }),
      );
    // A create route run with an Idempotency-Key answers a repeat of the key with the first answer.
    const key = event.headers?.[IDEMPOTENCY_HEADER];
    const limitMs = routeTimeoutMs(route) - ANSWER_RESERVE_MS;
    if (!key || !identity || !options.idempotency) return withinTimeLimit(run(), controller, limitMs, route.name);
    const call = { userId: identity.userId, route: route.name, key, requestBody: event.body ?? '', abandonedAfterMs: routeTimeoutMs(route) };
    return withinTimeLimit(options.idempotency(call, run), controller, limitMs, route.name);
  };

  return observed(middy(core).use(errorResponder()) as unknown as HttpLambdaHandler);
}
