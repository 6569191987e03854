import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, type CrawlResult } from '../../../functions/core/crawl/crawl-site.js';

/** A made-up two-page site whose pages load their footer, the only place with the phone number, by script. */
const files: Record<string, string> = {
  '/': `<!doctype html><html><head><title>Gasthaus Aare</title></head><body><main><h1>Gasthaus Aare</h1>
    <p>Vier Zimmer an der Aare, Frühstück inklusive.</p><a href="zimmer.html">Zimmer</a></main>
    <div id="footer"></div><script>fetch("footer.html").then((r) => r.text()).then((html) => { document.getElementById('footer').innerHTML = html; });</script></body></html>`,
  '/zimmer.html': `<!doctype html><html><head><title>Zimmer</title></head><body><main><h1>Zimmer</h1><p>Doppelzimmer ab CHF 140 pro Nacht.</p></main></body></html>`,
  '/footer.html': `<footer><h4>Kontakt</h4><ul><li><a href="tel:+41315550123">+41 31 555 01 23</a></li></ul></footer>`,
};

describe('crawlSite: a footer fragment loaded by script', () => {
  let server: Server;
  let result: CrawlResult;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const body = files[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    result = await crawlSite(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { allowPrivateNetwork: true });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is kept for its site-wide block, so the phone number it alone holds is learned', () => {
    const footer = result.pages.find((page) => page.url.endsWith('/footer.html'));
    expect(footer?.siteText).toMatch(/\+41 31 555 01 23/);
    expect(result.skipped.map((skip) => skip.url)).not.toContainEqual(expect.stringMatching(/footer\.html$/));
  });
});
