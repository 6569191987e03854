import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const siteDir = resolve(import.meta.dirname, '..', 'dist/site');
const manifestFile = resolve(siteDir, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** What the browser loads to show a signed-in owner the dashboard home: the entry and these lazy routes. */
const DASHBOARD_FIRST_VIEW = ['index.html', 'src/dashboard/DashboardLayout.tsx', 'src/dashboard/screens/AssistantsScreen.tsx'];

/**
 * Gzip bytes of the JavaScript needed for the dashboard's first view (the entry chunk, the lazy
 * dashboard chunks and everything they import statically), from Vite's build manifest.
 * Undefined when there is no build.
 */
export function dashboardInitialJsGzipBytes(): number | undefined {
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: update DASHBOARD_FIRST_VIEW in bench/web-size.ts`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  DASHBOARD_FIRST_VIEW.forEach(visit);
  return [...files].reduce((sum, file) => sum + gzipSync(readFileSync(resolve(siteDir, file))).length, 0);
}
