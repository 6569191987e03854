import { describe, expect, inject, it } from 'vitest';

const { apiUrl } = inject('runtime');

describe('requests the API cannot serve get a 4xx JSON error, never a 5xx', () => {
  it('unknown path: 404 naming the route', async () => {
    const res = await fetch(`${apiUrl}/no/such/route`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toEqual({ error: 'No route for GET /no/such/route' });
  });

  it('known path with an unknown method: 404', async () => {
    const res = await fetch(`${apiUrl}/health`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/No route for DELETE \/health/);
  });

  it('a body above the API payload limit: 413 before any function runs', async () => {
    const res = await fetch(`${apiUrl}/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/);
  });

  it('CORS preflight is answered for the dashboard origin', async () => {
    const res = await fetch(`${apiUrl}/account`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });
});
