import { createRequire } from 'node:module';
import type { Readability as ReadabilityReader } from '@mozilla/readability';

let loaded: typeof ReadabilityReader | undefined;

/**
 * Mozilla's Readability, loaded on first use: only pages that declare themselves articles are read by
 * it, and its 32 KB would otherwise be in every crawl's bundle near the 1 MB budget. Deployed, it is
 * `article-reader.cjs` beside the handler's `index.mjs` (lib/side-entries.ts); from the sources, the
 * package itself. Loaded with require(), not import(), so page extraction stays synchronous; through a
 * require made here, because esbuild would bundle whatever a plain `require('...')` names.
 */
export function readability(): typeof ReadabilityReader {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    const fromSources = import.meta.url.endsWith('.ts');
    loaded = (load(fromSources ? '@mozilla/readability' : './article-reader.cjs') as { Readability: typeof ReadabilityReader }).Readability;
  }
  return loaded;
}
