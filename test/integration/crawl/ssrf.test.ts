import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRefusedError } from '../../../functions/core/crawl/crawl-errors.js';
import { crawlSite } from '../../../functions/core/crawl/crawl-site.js';
import { safeFetch } from '../../../functions/core/crawl/safe-fetch.js';
import { readSiteMetadata } from '../../../functions/core/crawl/site-metadata.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';

const resolvingTo =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CrawlRefusedError);
  return (error as Error).message;
}

describe('the crawler cannot be pointed at the internal network', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10, hangingPage: false });
  });
  afterAll(() => site.stop());

  it('refuses loopback when the local-development switch is off, before connecting', async () => {
    const port = new URL(site.url).port;
    expect(await refusal(safeFetch(site.url, { allowPrivateNetwork: false }))).toBe(
      `Refused to fetch ${site.url}/: the address 127.0.0.1 is loopback`,
    );
    expect(await refusal(safeFetch(`http://localhost:${port}/`, { allowPrivateNetwork: false }))).toMatch(
      new RegExp(`^Refused to fetch http://localhost:${port}/: localhost resolves to an address that is loopback$`),
    );
    expect(await refusal(safeFetch(`http://[::1]:${port}/`, { allowPrivateNetwork: false }))).toMatch(/the address ::1 is loopback/);
    expect(await refusal(crawlSite(site.url, { allowPrivateNetwork: false }))).toMatch(/127\.0\.0\.1 is loopback/);
    expect(await refusal(readSiteMetadata(site.url, { allowPrivateNetwork: false }))).toMatch(/127\.0\.0\.1 is loopback/);
    expect(site.requests).toEqual([]);
  });

  it.each([
    ['http://169.254.169.254/', 'Refused to fetch http://169.254.169.254/: the address 169.254.169.254 is link-local'],
    ['http://169.254.169.254/latest/meta-data/iam/', 'the address 169.254.169.254 is link-local'],
    ['http://2852039166/', 'the address 169.254.169.254 is link-local'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'the address 169.254.169.254 is link-local'],
    ['http://[::ffff:169.254.169.254]/', 'the address ::ffff:a9fe:a9fe is link-local (IPv4-mapped)'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'the address fd00:ec2::254 is unique-local (private)'],
    ['http://10.0.0.5/', 'the address 10.0.0.5 is private'],
    ['http://192.168.0.1/admin', 'the address 192.168.0.1 is private'],
    ['http://0.0.0.0:8080/', 'the address 0.0.0.0 is unspecified'],
    ['http://100.100.100.200/', 'the address 100.100.100.200 is in the carrier-grade NAT range'],
  ])('refuses %s even with the local-development switch on', async (url, message) => {
    expect(await refusal(safeFetch(url, { allowPrivateNetwork: true }))).toContain(message);
  });

  it.each([
    ['http://10.0.0.5/admin', 'the address 10.0.0.5 is private'],
    ['http://169.254.169.254/latest/meta-data/', 'the address 169.254.169.254 is link-local'],
    ['http://[::ffff:10.0.0.5]/', 'is private (IPv4-mapped)'],
    ['file:///etc/passwd', 'only http and https addresses can be fetched'],
    ['gopher://127.0.0.1:6379/_FLUSHALL', 'only http and https addresses can be fetched'],
  ])('refuses a redirect from the site to %s', async (target, message) => {
    const url = `${site.url}/redirect?to=${encodeURIComponent(target)}`;
    expect(await refusal(safeFetch(url, { allowPrivateNetwork: true }))).toContain(message);
  });

  it('refuses a redirect to a host name that resolves to a private address', async () => {
    const url = `${site.url}/redirect?to=${encodeURIComponent('http://metadata.internal.example/latest')}`;
    const lookup = async (hostname: string) => (hostname === 'metadata.internal.example' ? resolvingTo('169.254.169.254')() : resolvingTo('127.0.0.1')());
    expect(await refusal(safeFetch(url, { allowPrivateNetwork: true, lookup }))).toBe(
      'Refused to fetch http://metadata.internal.example/latest: metadata.internal.example resolves to an address that is link-local',
    );
  });

  it('a crawl that meets such a redirect records a failed page and goes on', async () => {
    const start = `${site.url}/redirect?to=${encodeURIComponent('http://10.0.0.5/')}`;
    const result = await crawlSite(start, { allowPrivateNetwork: true });
    expect(result.skipped).toContainEqual({ url: start, reason: 'Refused to fetch http://10.0.0.5/: the address 10.0.0.5 is private' });
    expect(result.progress.pages_failed).toBeGreaterThanOrEqual(1);
  });

  it('refuses host names that resolve to private addresses (fake DNS), including mixed answers', async () => {
    expect(await refusal(safeFetch('http://intranet.example/', { allowPrivateNetwork: false, lookup: resolvingTo('10.0.0.5') }))).toBe(
      'Refused to fetch http://intranet.example/: intranet.example resolves to an address that is private',
    );
    const mixed = resolvingTo('93.184.216.34', '10.0.0.5');
    expect(await refusal(safeFetch('https://bakery.example/', { allowPrivateNetwork: false, lookup: mixed }))).toContain(
      'bakery.example resolves to an address that is private',
    );
    const v6 = resolvingTo('fd12::1');
    expect(await refusal(safeFetch('https://bakery.example/', { allowPrivateNetwork: false, lookup: v6 }))).toContain('unique-local');
    expect(await refusal(crawlSite('https://intranet.example/', { allowPrivateNetwork: false, lookup: resolvingTo('10.0.0.5') }))).toContain(
      'intranet.example resolves to an address that is private',
    );
  });

  it('checks the address the connection uses, so a DNS answer that changes after the check is still refused', async () => {
    let calls = 0;
    const rebinding = async (): Promise<LookupAddress[]> => (calls++ === 0 ? resolvingTo('93.184.216.34')() : resolvingTo('10.0.0.5')());
    const result = await crawlSite('http://rebind.example/', { allowPrivateNetwork: false, lookup: rebinding });
    expect(calls).toBeGreaterThan(1);
    expect(result.pages).toEqual([]);
    expect(result.skipped).toContainEqual({
      url: 'http://rebind.example/',
      reason: 'Refused to fetch http://rebind.example/: rebind.example resolves to an address that is private',
    });
  });

  it('connects through the injected lookup (a fake name for the fixture site)', async () => {
    const port = new URL(site.url).port;
    const result = await safeFetch(`http://bakery.test:${port}/about`, { allowPrivateNetwork: true, lookup: resolvingTo('127.0.0.1') });
    expect(result.status).toBe(200);
    expect(result.body.toString()).toContain('About Maple &amp; Rye');
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/file', 'data:text/html,<h1>hi</h1>', 'javascript:alert(1)', 'gopher://example.com/'])(
    'refuses the non-http(s) address %s',
    async (url) => {
      expect(await refusal(safeFetch(url, { allowPrivateNetwork: true }))).toMatch(/only http and https addresses can be fetched$/);
    },
  );

  it('refuses addresses with credentials, and things that are not addresses', async () => {
    expect(await refusal(safeFetch('http://admin:secret@example.com/', { allowPrivateNetwork: false }))).toMatch(/credentials/);
    expect(await refusal(safeFetch('not a url', { allowPrivateNetwork: false }))).toMatch(/not a valid web address/);
    expect(await refusal(crawlSite('file:///etc/passwd', { allowPrivateNetwork: true }))).toMatch(/only http and https/);
    expect(await refusal(crawlSite('javascript:alert(1)', { allowPrivateNetwork: true }))).toMatch(/only http and https/);
  });
});
