import { describe, expect, it } from 'vitest';
import { createRouteMatcher, MalformedPathError } from '../../local/route-matcher.js';
import type { HttpRoute } from '../../lib/routes.js';

const routes: HttpRoute[] = [
  { name: 'get-chatbot', domain: 'accounts', method: 'GET', path: '/chatbots/{id}', access: 'user', action: 'read', uses: [] },
  { name: 'list-public', domain: 'accounts', method: 'GET', path: '/chatbots/public', access: 'public', uses: [] },
  { name: 'get-file', domain: 'knowledge', method: 'GET', path: '/files/{key+}', access: 'user', action: 'read', uses: [] },
];

describe('local route selection (as API Gateway selects routes)', () => {
  const match = createRouteMatcher(routes);

  it('prefers a literal path over a parameterised one', () => {
    expect(match('GET', '/chatbots/public')?.route.name).toBe('list-public');
  });

  it('extracts and decodes path parameters', () => {
    expect(match('GET', '/chatbots/a%20b')).toMatchObject({ route: { name: 'get-chatbot' }, pathParameters: { id: 'a b' } });
  });

  it('greedy parameters span segments', () => {
    expect(match('GET', '/files/a/b/c.pdf')?.pathParameters).toEqual({ key: 'a/b/c.pdf' });
  });

  it('matches method and whole path only', () => {
    expect(match('DELETE', '/chatbots/1')).toBeUndefined();
    expect(match('GET', '/chatbots/1/extra')).toBeUndefined();
  });
});

describe('paths whose percent-encoding does not decode', () => {
  const match = createRouteMatcher(routes);

  it.each(['/chatbots/%E0%A4%A', '/chatbots/%', '/chatbots/%zz', '/files/a/%C3', '/no/route/%FF'])('%s is refused as malformed', (path) => {
    expect(() => match('GET', path)).toThrow(MalformedPathError);
  });
});
