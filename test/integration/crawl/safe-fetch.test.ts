import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailedError, UnsupportedContentTypeError } from '../../../functions/core/crawl/crawl-errors.js';
import { safeFetch } from '../../../functions/core/crawl/safe-fetch.js';
import { readSiteMetadata } from '../../../functions/core/crawl/site-metadata.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';

describe('safeFetch limits', () => {
  let site: FixtureSite;
  const options = { allowPrivateNetwork: true };
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10 });
  });
  afterAll(() => site.stop());

  it('decodes gzip, br and deflate responses', async () => {
    const paths = ['/', '/about', '/team', '/menu', '/services/custom-cakes'];
    for (const path of paths) {
      const result = await safeFetch(`${site.url}${path}`, { ...options, accept: ['text/html'] });
      expect(result.status).toBe(200);
      expect(result.contentType).toBe('text/html');
      expect(result.body.toString()).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    }
  });

  it('follows redirects and reports where it ended; a redirect limit stops chains', async () => {
    const result = await safeFetch(`${site.url}/old-menu`, options);
    expect(result.finalUrl).toBe(`${site.url}/menu`);
    await expect(safeFetch(`${site.url}/old-menu`, { ...options, maxRedirects: 1 })).rejects.toThrow(
      `${site.url}/old-menu redirected more than 1 times`,
    );
  });

  it('cuts a large body at maxBytes while streaming', async () => {
    const started = Date.now();
    const result = await safeFetch(`${site.url}${site.special.large}`, { ...options, maxBytes: 100_000 });
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a page that never finishes at its time limit', async () => {
    const started = Date.now();
    const error = await safeFetch(`${site.url}${site.special.hanging}`, { ...options, timeoutMs: 400 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect((error as Error).message).toBe(`${site.url}${site.special.hanging} did not answer within 400 ms`);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(safeFetch(`${site.url}${site.special.hanging}`, { ...options, signal: controller.signal })).rejects.toThrow(/was cancelled/);
  });

  it('refuses other media types before reading the body, and returns HTTP errors as statuses', async () => {
    const error = await safeFetch(`${site.url}${site.special.pdfWithoutExtension}`, { ...options, accept: ['text/html'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedContentTypeError);
    expect((error as UnsupportedContentTypeError).contentType).toBe('application/pdf');
    const missing = await safeFetch(`${site.url}/no-such-page`, { ...options, accept: ['text/html'] });
    expect(missing.status).toBe(404);
  });

  it('reports a refused connection as a failed fetch', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(safeFetch(`http://127.0.0.1:${port}/`, options)).rejects.toThrow(/^Could not fetch http:\/\/127\.0\.0\.1:\d+\/: connection refused$/);
  });
});

describe('readSiteMetadata', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10 });
  });
  afterAll(() => site.stop());

  it('reads the site name, title and description of the home page', async () => {
    expect(await readSiteMetadata(site.url, { allowPrivateNetwork: true })).toEqual({
      finalUrl: `${site.url}/`,
      siteName: 'Maple & Rye Bakery',
      title: 'Maple & Rye Bakery | Sourdough, pastries and cakes in Portland',
      description: 'Neighbourhood bakery on Harbor Street baking sourdough, croissants and celebration cakes every day.',
    });
    const redirected = await readSiteMetadata(`${site.url}/old-menu`, { allowPrivateNetwork: true });
    expect(redirected.finalUrl).toBe(`${site.url}/menu`);
    expect(redirected.title).toBe('Menu and prices | Maple & Rye Bakery');
  });

  it('fails fast with a readable message', async () => {
    const started = Date.now();
    await expect(readSiteMetadata(`${site.url}${site.special.hanging}`, { allowPrivateNetwork: true, timeoutMs: 300 })).rejects.toThrow(
      /did not answer within 300 ms/,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(readSiteMetadata(`${site.url}/no-such-page`, { allowPrivateNetwork: true })).rejects.toThrow(
      `${site.url}/no-such-page answered with HTTP 404`,
    );
    await expect(readSiteMetadata(`${site.url}${site.special.pdf}`, { allowPrivateNetwork: true })).rejects.toThrow(/is application\/pdf, not a web page/);
  });
});
