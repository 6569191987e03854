import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const siteDir = resolve(import.meta.dirname, '..', 'dist/site');

/**
 * Gzip bytes of the JavaScript the dashboard loads before any lazy route: the entry script and its
 * modulepreloads in index.html. Undefined when there is no build.
 */
export function webInitialJsGzipBytes(): number | undefined {
  const indexFile = resolve(siteDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return [...new Set(scripts)].reduce((sum, path) => sum + gzipSync(readFileSync(resolve(siteDir, `.${path}`))).length, 0);
}
