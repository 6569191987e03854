import { describe, expect, inject, it } from 'vitest';
import { httpRoutes } from '../../lib/routes.js';

const { apiUrl } = inject('runtime');

const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'route-check');

describe('the local gateway serves every route of lib/routes.ts', () => {
  it.each(httpRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_key, route) => {
    const res = await fetch(`${apiUrl}${concretePath(route.path)}`, { method: route.method });
    const body = await res.json().catch(() => ({}));
    expect(body.error ?? '').not.toMatch(/^No route for/);
    // A visitor route's function refuses a request without a visitor token, a signed-in one's gateway one without a user token.
    if (route.access === 'public') expect(res.status).not.toBe(401);
    else expect(res.status).toBe(401);
  });
});
