import { describe, expect, it } from 'vitest';
import { allowedDomainSchema } from '../../../functions/contracts/deployment.js';
import { hostAllowed } from '../../../functions/core/channels/embed-origin.js';
import { seenAgo } from '../../../frontend/src/dashboard/deploy/seen-ago.js';

describe('the domains an owner types', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Shop.Example.COM ', 'shop.example.com'],
    ['https://www.example.com/contact?x=1', 'www.example.com'],
    ['localhost:8080', 'localhost:8080'],
    ['http://127.0.0.1:5173/', '127.0.0.1:5173'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(allowedDomainSchema.parse(typed)).toBe(kept);
  });

  it.each(['', 'exa mple.com', 'https://user:pw@example.com', 'exa\u0000mple.com', '*.example.com', 'javascript:alert(1)'])(
    '%j is refused',
    (typed) => {
      expect(allowedDomainSchema.safeParse(typed).success).toBe(false);
    },
  );
});

describe('which pages the allow-list lets the widget run on', () => {
  it('an empty list allows every page', () => {
    expect(hostAllowed('https://anyone.test', [])).toBe(true);
  });

  it('a listed domain allows itself and its subdomains, not look-alikes', () => {
    const list = ['example.com'];
    expect(hostAllowed('https://example.com', list)).toBe(true);
    expect(hostAllowed('https://www.example.com', list)).toBe(true);
    expect(hostAllowed('http://a.b.example.com:8443', list)).toBe(true);
    expect(hostAllowed('https://badexample.com', list)).toBe(false);
    expect(hostAllowed('https://example.com.evil.test', list)).toBe(false);
  });

  it('a listed port must match; a page without a host (null origin) matches nothing', () => {
    expect(hostAllowed('http://localhost:8080', ['localhost:8080'])).toBe(true);
    expect(hostAllowed('http://localhost:9090', ['localhost:8080'])).toBe(false);
    expect(hostAllowed('null', ['example.com'])).toBe(false);
  });
});

describe('"seen N minutes ago"', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'seen less than a minute ago'],
    ['2026-11-23T11:59:00Z', 'seen 1 minute ago'],
    ['2026-11-23T11:48:00Z', 'seen 12 minutes ago'],
    ['2026-11-23T09:00:00Z', 'seen 3 hours ago'],
    ['2026-11-21T12:00:00Z', 'seen 2 days ago'],
  ])('%s', (at, text) => {
    expect(seenAgo(at, now)).toBe(text);
  });
});
