import http from 'node:http';
import https from 'node:https';
import { defaultUserAgent } from '../crawl-site.js';
import { allowPrivateNetworkFromEnv } from '../network-policy.js';
import { robotsRulesFromText, type RobotsRules } from '../robots-rules.js';
import { pageTimeoutMs } from './engine-settings.js';
import type { ReadContext } from './read-page.js';
import type { CrawlRun } from './run-store.js';

const allowAll: RobotsRules = { allows: () => true, sitemaps: [] };

/** The rules of the run's robots.txt, as read when it began. */
export function runRobots(run: Pick<CrawlRun, 'robots_url' | 'robots_txt'>): RobotsRules {
  return run.robots_url && run.robots_txt !== undefined ? robotsRulesFromText(run.robots_url, run.robots_txt, defaultUserAgent) : allowAll;
}

/** What reading a page of this run needs; `close` frees the connections it kept alive. */
export function readContextOf(run: Pick<CrawlRun, 'robots_url' | 'robots_txt' | 'sites'>, connections: number, signal?: AbortSignal): ReadContext & { close(): void } {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: connections }),
    https: new https.Agent({ keepAlive: true, maxSockets: connections }),
  };
  return {
    sites: new Set(run.sites ?? []),
    robots: runRobots(run),
    allowPrivateNetwork: allowPrivateNetworkFromEnv(),
    userAgent: defaultUserAgent,
    pageTimeoutMs: pageTimeoutMs(),
    agents,
    ...(signal ? { signal } : {}),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
