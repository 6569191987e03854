import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sirv from 'sirv';
import type { RuntimeConfig } from '../functions/contracts/runtime-config.js';

export type WebMode = 'vite' | 'static' | 'none';

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..');

/** Streams an avatar from the bucket; only the headers a browser needs pass through. */
function proxyAvatar(url: string, req: IncomingMessage, res: ServerResponse) {
  const upstream = request(url, { method: req.method }, (answer) => {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'last-modified']) {
      const value = answer.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    res.writeHead(answer.statusCode === 200 ? 200 : 404, headers);
    if (answer.statusCode === 200) answer.pipe(res);
    else {
      answer.resume();
      res.end();
    }
  });
  upstream.on('error', () => res.writeHead(502).end());
  upstream.end();
}
export const siteBuildDir = resolve(repoRoot, 'dist/site');

/**
 * Stands in for CloudFront: serves `/config.json` (which CDK writes on AWS) and the React app,
 * through Vite with hot reload in dev or from the production build in tests.
 */
export interface WebServerOptions {
  /** Where `/avatars/*` is read from (the avatars bucket), as CloudFront's second origin does on AWS. */
  avatarsOrigin: string;
}

export async function startWebServer(
  port: number,
  mode: WebMode,
  config: RuntimeConfig,
  options: WebServerOptions,
): Promise<WebServer> {
  const configJson = JSON.stringify(config);
  let appMiddleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  let closeVite: (() => Promise<void>) | undefined;

  if (mode === 'vite') {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({
      configFile: resolve(repoRoot, 'frontend/vite.config.ts'),
      server: { middlewareMode: true, hmr: { port: port + 1000 } },
      appType: 'spa',
      logLevel: 'warn',
    });
    appMiddleware = vite.middlewares;
    closeVite = () => vite.close();
  } else {
    if (!existsSync(resolve(siteBuildDir, 'index.html'))) {
      throw new Error(`No frontend build in ${siteBuildDir}: run \`npm run build:web\` first.`);
    }
    appMiddleware = sirv(siteBuildDir, { single: true, dev: false, etag: true });
  }

  const server: Server = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? '/';
    if (path.startsWith('/avatars/') && (req.method === 'GET' || req.method === 'HEAD')) {
      proxyAvatar(`${options.avatarsOrigin}${path}`, req, res);
      return;
    }
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(configJson);
      return;
    }
    appMiddleware(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    });
  });
  await new Promise<void>((resolvePromise) => server.listen(port, '127.0.0.1', resolvePromise));
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      await closeVite?.();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
