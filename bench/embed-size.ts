import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const embedFile = resolve(import.meta.dirname, '..', 'dist/site/embed.js');

/**
 * Gzip bytes of the embed widget as CloudFront serves it (dist/site/embed.js, built by
 * `npm run build:web`). Budget: 12 KB (ARCHITECTURE.md section 8). Undefined when it is not built.
 */
export function embedJsGzipBytes(): number | undefined {
  if (!existsSync(embedFile)) return undefined;
  return gzipSync(readFileSync(embedFile), { level: 9 }).length;
}
