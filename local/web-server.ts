import { createServer, type Server } from 'node:http';
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
export const siteBuildDir = resolve(repoRoot, 'dist/site');

/**
 * Stands in for CloudFront: serves `/config.json` (which CDK writes on AWS) and the React app,
 * through Vite with hot reload in dev or from the production build in tests.
 */
export async function startWebServer(port: number, mode: WebMode, config: RuntimeConfig): Promise<WebServer> {
  const configJson = JSON.stringify(config);
  let appMiddleware: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void;
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
    if (req.url?.split('?')[0] === '/config.json') {
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
