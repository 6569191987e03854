import type { ExtractedPage, extractPage as extractPageNow } from './extract-page.js';

let reader: Promise<{ extractPage: typeof extractPageNow }> | undefined;

/**
 * extract-page.ts, loaded when the first page is read: the HTML parser, the CSS selector engine and the
 * Markdown writer are about 190 KB that the crawl's other steps (planning, committing, re-indexing) and
 * every cold start of a function that reads pages would otherwise load. Deployed, it is
 * `page-reader.mjs` beside the handler's `index.mjs` (lib/side-entries.ts); from the sources, the module
 * itself. Imported by a URL made here, because esbuild would bundle whatever a literal `import()` names.
 */
export async function extractPage(html: string, pageUrl: string): Promise<ExtractedPage> {
  reader ??= import(/* @vite-ignore */ new URL(import.meta.url.endsWith('.ts') ? './extract-page.ts' : './page-reader.mjs', import.meta.url).href) as Promise<{
    extractPage: typeof extractPageNow;
  }>;
  return (await reader).extractPage(html, pageUrl);
}

/**
 * Whether a page says anything to learn: its content, or only the site-wide blocks a fragment holds
 * (a `footer.html` other pages load with a script is all footer: the contact details and address).
 */
export const saysAnything = (page: Pick<ExtractedPage, 'text' | 'siteText'>) => Boolean(page.text || page.siteText);
