import type { HttpRoute } from '../lib/routes.js';

export interface RouteMatch<R extends HttpRoute> {
  route: R;
  pathParameters: Record<string, string>;
}

/** A path whose percent-encoding does not decode (`%E0%A4%A`, `%zz`): API Gateway answers 400. */
export class MalformedPathError extends Error {
  constructor(path: string) {
    super(`Malformed percent-encoding in the path ${JSON.stringify(path.slice(0, 200))}`);
    this.name = 'MalformedPathError';
  }
}

/** Decodes a path or a part of one, refusing what does not decode as UTF-8 percent-encoding. */
export function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new MalformedPathError(path);
  }
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

/**
 * API Gateway HTTP API route selection: exact paths win over parameterised ones. Throws
 * MalformedPathError for a path that does not decode.
 */
export function createRouteMatcher<R extends HttpRoute>(routes: readonly R[]) {
  const compiled = routes
    .map((route) => ({ route, ...compile(route.path), literal: !route.path.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  return (method: string, path: string): RouteMatch<R> | undefined => {
    decodePath(path);
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.regex.exec(path);
      if (!match) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, i) => (pathParameters[name] = decodePath(match[i + 1]!)));
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}
