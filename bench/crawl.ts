import { crawlSite } from '../functions/core/crawl/crawl-site.js';
import { buildKnowledgeIndex } from '../functions/core/knowledge/index-knowledge.js';

/**
 * Crawl + index of a local site in one invocation (`crawlSite`), as FAQ generation reads a site (without
 * the DynamoDB writes). Assistant creation and re-syncs use the crawl engine (bench/crawl-engine.ts).
 */
export async function crawlAndIndexSeconds(siteUrl: string): Promise<number> {
  const started = performance.now();
  const { pages } = await crawlSite(siteUrl, { maxPages: 100, allowPrivateNetwork: true });
  if (pages.length < 100) throw new Error(`The benchmark site gave ${pages.length} pages, expected 100`);
  await buildKnowledgeIndex(
    pages.map((p) => ({ id: p.url, source: 'page' as const, title: p.title, url: p.url, text: p.text })),
    { embeddings: null },
  );
  return (performance.now() - started) / 1000;
}
