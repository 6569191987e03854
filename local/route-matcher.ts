import type { HttpRoute } from '../lib/routes.js';

export interface RouteMatch<R extends HttpRoute> {
  route: R;
  pathParameters: Record<string, string>;
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{([^}+]+)(\+)?\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}$`), names };
}

/** API Gateway HTTP API route selection: exact paths win over parameterised ones. */
export function createRouteMatcher<R extends HttpRoute>(routes: readonly R[]) {
  const compiled = routes
    .map((route) => ({ route, ...compile(route.path), literal: !route.path.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  return (method: string, path: string): RouteMatch<R> | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.regex.exec(path);
      if (!match) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, i) => (pathParameters[name] = decodeURIComponent(match[i + 1]!)));
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}
