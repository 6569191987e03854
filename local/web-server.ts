import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  let embedJs: () => Promise<Uint8Array | undefined> = () => readFile(resolve(siteBuildDir, 'embed.js')).catch(() => undefined);
  let closeEmbed: (() => Promise<void>) | undefined;
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
    // The embed widget is not part of the Vite app: esbuild bundles it in memory, again on each request.
    const [esbuild, { embedBuildOptions }] = await Promise.all([import('esbuild'), import('../frontend/widget/build-options.js')]);
    const widget = await esbuild.context({ ...embedBuildOptions, write: false, outfile: 'embed.js' });
    embedJs = async () => (await widget.rebuild()).outputFiles?.[0]?.contents;
    closeEmbed = () => widget.dispose();
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
      // Public values only; the embed widget reads them from customers' sites (other origins).
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
      res.end(configJson);
      return;
    }
    if (path === '/embed.js' && (req.method === 'GET' || req.method === 'HEAD')) {
      embedJs().then(
        (body) => {
          if (!body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('embed.js is not built: run `npm run build:web`');
          res.writeHead(200, {
            'content-type': 'application/javascript; charset=utf-8',
            // Short: owners never change the URL in their embed code, so a new widget must reach them soon.
            'cache-control': mode === 'vite' ? 'no-cache' : 'public, max-age=300',
            'cross-origin-resource-policy': 'cross-origin',
          });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`embed.js failed to build: ${String(error)}`),
      );
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
      await closeEmbed?.();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
