import { routeTable } from '../http/route-table.js';

type TimedRoute = Extract<(typeof routeTable)[number], { timeoutSeconds: number }>;

/**
 * Time a request keeps after embedding stops: storing and publishing the index, recomputing the
 * training quality, answering, and the slack between the function's limit and API Gateway's 30 s
 * (which also counts a cold start). About 1 s is used on a typical re-index.
 */
export const PUBLISH_RESERVE_MS = 5_000;

/** The time limit of a route (lib/routes.ts), in milliseconds. */
export function routeTimeoutMs(name: TimedRoute['name']): number {
  const route = routeTable.find((r): r is TimedRoute => r.name === name)!;
  return route.timeoutSeconds * 1000;
}

/**
 * When a request that changes knowledge must stop embedding so that it still answers within its
 * route's limit. Embedding is the one step of a re-index whose time depends on someone else (the
 * embeddings provider); past this the index is published with the vectors it has, the rest found by
 * full text until the next re-index, instead of the change being stored and the request failing.
 */
export function reindexDeadline(route: TimedRoute['name'], requestStartedAt: number): number {
  return requestStartedAt + routeTimeoutMs(route) - PUBLISH_RESERVE_MS;
}
