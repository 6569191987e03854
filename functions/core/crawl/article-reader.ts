/**
 * Readability, bundled as a file of its own beside the crawl's handler (lib/side-entries.ts) and loaded
 * by ./readability.ts on the first page that declares itself an article.
 */
export { Readability } from '@mozilla/readability';
