import { Entity } from 'electrodb';
import { tableDesign } from './table-design.js';

/**
 * The distributed crawl (functions/core/crawl/engine): one run per reading of an assistant's website,
 * and its frontier, one task per page address, kept in the table so that no function invocation holds
 * the crawl: any worker can take a batch, and a batch whose worker died is simply read again.
 */
const { partitionKey: pk, sortKey: sk } = tableDesign;
const service = 'assistants';

/** One reading of an assistant's website: what it was, its limits, and how it ended (the sync history). */
export const crawlRunEntity = () => new Entity({
  model: { entity: 'crawlRun', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    /** The Step Functions execution's name: time-ordered, so the history reads newest first from the key. */
    run_id: { type: 'string', required: true, readOnly: true },
    kind: { type: ['crawl', 'sync', 'retry'] as const, required: true },
    trigger: { type: ['create', 'manual', 'schedule'] as const, required: true },
    status: { type: ['running', 'done', 'done_with_problems', 'failed'] as const, required: true, default: 'running' },
    max_pages: { type: 'number', required: true },
    /** The site's hosts (the start address's, and where its home page redirects: apex and www are one). */
    sites: { type: 'list', items: { type: 'string' } },
    home_url: { type: 'string' },
    /** robots.txt of the site as read when the run began (kept here so workers do not ask the site for it again). */
    robots_url: { type: 'string' },
    robots_txt: { type: 'string' },
    /** robots.txt Crawl-delay for our user agent, in ms (0: none). */
    crawl_delay_ms: { type: 'number', required: true, default: 0 },
    /** False for a retry of failed pages: their links are not followed. */
    follow_links: { type: 'boolean', required: true, default: true },
    /** Begin finished filling the frontier (a Begin run again after a failure fills it again, idempotently). */
    discovered: { type: 'boolean', required: true, default: false },
    /** Set by the first worker that finds the site down or silent (several fetches in a row failing): why. */
    site_down: { type: 'string' },
    stop_reason: { type: ['limit', 'time', 'site_down'] as const },
    stopped: { type: 'string' },
    error: { type: 'string' },
    added: { type: 'number', required: true, default: 0 },
    changed: { type: 'number', required: true, default: 0 },
    removed: { type: 'number', required: true, default: 0 },
    unchanged: { type: 'number', required: true, default: 0 },
    failed: { type: 'number', required: true, default: 0 },
    started_at: { type: 'string', required: true, readOnly: true },
    finished_at: { type: 'string' },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['run_id'] },
    },
  },
});

/**
 * One page address of a run's frontier, by its page key (crawl-url.ts pageKey: one task per page
 * whatever its spelling). A task goes queued -> claimed (a batch has it) -> one of the end states; a
 * read page's content waits here until the run commits, so a run that fails changes nothing.
 */
export const crawlTaskEntity = () => new Entity({
  model: { entity: 'crawlTask', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    run_id: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    url: { type: 'string', required: true },
    /**
     * queued, claimed: to read. read: new or changed content, to commit. unchanged: as the assistant
     * knows it (HTTP 304, or the same extracted text). dropped: read but not a page to keep (noindex,
     * empty, too large, not a web page, a redirect elsewhere). gone: 404 / 410. failed: could not be
     * read. skipped: found but not read (a URL trap's pattern was full, the page limit was reached, the
     * run stopped). excluded: not a page to read at all (robots.txt disallows it, a session id, ...),
     * and not counted as found.
     */
    state: { type: ['queued', 'claimed', 'read', 'unchanged', 'dropped', 'gone', 'failed', 'skipped', 'excluded'] as const, required: true },
    /** Discovery order: sitemaps first, then links breadth-first. */
    seq: { type: 'number', required: true },
    /** Batches that took it: a batch whose worker died is read again, up to a bound. */
    attempts: { type: 'number', required: true, default: 0 },
    /** Linked from a page of this run or listed in its sitemap (a known page that is neither is removed). */
    linked: { type: 'boolean', required: true, default: false },
    /** A page the assistant already knows (a re-sync reads it again, conditionally). */
    known: { type: 'boolean', required: true, default: false },
    /** The known page's address as stored (crawledPage url), when it is one. */
    page_url: { type: 'string' },
    /** The URL-trap pattern (url-traps.ts) it counts against. */
    pattern: { type: 'string', required: true },
    reason: { type: 'string' },
    final_url: { type: 'string' },
    title: { type: 'string' },
    text: { type: 'string' },
    site_text: { type: 'string' },
    headings: { type: 'list', items: { type: 'string' } },
    description: { type: 'string' },
    content_hash: { type: 'string' },
    /** The page's links (kept with the page: a re-sync answered 304 follows them without the body). */
    links: { type: 'list', items: { type: 'string' } },
    etag: { type: 'string' },
    last_modified: { type: 'string' },
    /** Removed by TTL if the run never commits (its execution was stopped from outside). */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byRun: {
      pk: { field: pk, composite: ['chatbot_id', 'run_id'] },
      sk: { field: sk, composite: ['key'] },
    },
  },
});
