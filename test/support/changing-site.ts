import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A website whose pages a test or benchmark changes between readings: `pages` pages linked from the home
 * page and listed in the sitemap, each answering with an ETag and Last-Modified (and 304 to a matching
 * conditional request), markup with a nonce that changes on every request (not the text), and switches
 * to take the site down (connections refused) or make it silent (connections held unanswered). It counts
 * requests per path and the most it ever had in flight, to check politeness.
 */
export interface ChangingSite {
  url: string;
  /** Path -> page text (a path missing answers 404). Change it between readings. */
  texts: Map<string, string>;
  /** Paths linked from home and listed in the sitemap (a path in `texts` but not here is unlinked). */
  linked: Set<string>;
  /** Every page request's path, in arrival order (robots.txt and sitemap excluded). */
  requests: string[];
  /** Requests answered 304. */
  notModified: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
  /** Start times (ms) of page requests, in order. */
  startedAt: number[];
  down(): Promise<void>;
  silent(): void;
  stop(): Promise<void>;
}

export interface ChangingSiteOptions {
  pages: number;
  /** robots.txt Crawl-delay in seconds. */
  crawlDelay?: number;
  /** Delay before each page answer (ms). */
  latencyMs?: number;
  /** Pages that answer only after this many requests have been served (the site goes silent after). */
  silentAfter?: number;
}

const pathOf = (n: number) => `/page-${n}`;

export async function startChangingSite(options: ChangingSiteOptions): Promise<ChangingSite> {
  const texts = new Map<string, string>([['/', 'Welcome to the Harbour Clinic. We care for the whole family.']]);
  const linked = new Set<string>();
  for (let n = 1; n < options.pages; n++) {
    texts.set(pathOf(n), `Harbour Clinic topic ${n}: our team explains treatment ${n} in plain words, with opening hours and prices for service ${n}.`);
    linked.add(pathOf(n));
  }
  const sockets = new Set<Socket>();
  let silent = false;
  let inFlight = 0;
  let origin = '';
  const site: ChangingSite = {
    url: '',
    texts,
    linked,
    requests: [],
    notModified: 0,
    maxInFlight: 0,
    startedAt: [],
    down: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    silent: () => {
      silent = true;
    },
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const page = (path: string, text: string) => {
    const links = path === '/' ? [...linked].map((p) => `<li><a href="${p}">${p}</a></li>`).join('') : '<li><a href="/">Home</a></li>';
    // The nonce changes the markup on every request, never the text.
    return `<!doctype html><html><head><title>${path === '/' ? 'Harbour Clinic' : `Topic ${path.slice(6)} | Harbour Clinic`}</title>
<script nonce="${Math.random().toString(36).slice(2)}">window.t=${Date.now()}</script></head>
<body data-rendered="${Date.now()}"><main><h1>${path}</h1><p>${text}</p></main><nav><ul>${links}</ul></nav></body></html>`;
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nDisallow: /private/\n${options.crawlDelay ? `Crawl-delay: ${options.crawlDelay}\n` : ''}Sitemap: ${origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...linked].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
    }
    site.requests.push(path);
    site.startedAt.push(Date.now());
    if (silent || (options.silentAfter !== undefined && site.requests.length > options.silentAfter)) return; // held open, never answered
    inFlight += 1;
    site.maxInFlight = Math.max(site.maxInFlight, inFlight);
    const answer = () => {
      inFlight -= 1;
      const text = texts.get(path);
      if (text === undefined) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
      }
      // The home page's list of links is part of what it answers: its validator changes with it.
      const etag = `"${createHash('sha1').update(path === '/' ? `${text}${[...linked].join()}` : text).digest('hex')}"`;
      if (req.headers['if-none-match'] === etag) {
        site.notModified += 1;
        res.writeHead(304, { etag });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag });
      res.end(page(path, text));
    };
    setTimeout(answer, options.latencyMs ?? 0);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.url = origin;
  return site;
}
