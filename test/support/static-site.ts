import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticSite {
  /** Origin without trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Path of every request received, in order. */
  requests: string[];
  stop(): Promise<void>;
}

/**
 * A tiny website on 127.0.0.1 serving the given HTML pages by path (anything else is a 404), for tests
 * that need a site with facts of its own, unlike the bakery of local/sample-site.ts.
 */
export async function startStaticSite(pages: Record<string, string>): Promise<StaticSite> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const html = pages[path];
    res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '<!doctype html><title>Not found</title><p>Not found</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
