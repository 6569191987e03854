import robotsParser from 'robots-parser';
import type { SafeFetchResult } from './safe-fetch.js';

export interface RobotsRules {
  /** Whether the crawler's user agent (its own group, else `*`) may fetch this URL of the origin. */
  allows(url: URL): boolean;
  /** Sitemap URLs listed in robots.txt. */
  sitemaps: string[];
  /** Seconds to wait between requests (`Crawl-delay` of the crawler's group), when robots.txt sets one. */
  crawlDelaySeconds?: number;
}

const allowAll: RobotsRules = { allows: () => true, sitemaps: [] };

/**
 * robots.txt of one origin. Missing (4xx) means everything is allowed. An unreachable file or a 5xx is
 * also read as "allowed": the site owner asked for this crawl, and the page limits keep it small.
 */
export async function loadRobotsRules(
  origin: string,
  userAgent: string,
  fetchText: (url: string) => Promise<SafeFetchResult>,
): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  let response: SafeFetchResult;
  try {
    response = await fetchText(robotsUrl);
  } catch {
    return allowAll;
  }
  if (response.status < 200 || response.status >= 300) return allowAll;
  return robotsRulesFromText(robotsUrl, response.body.toString('utf8'), userAgent);
}

/** The rules of a robots.txt already read (the distributed crawl reads it once and keeps its text with the run). */
export function robotsRulesFromText(robotsUrl: string, text: string, userAgent: string): RobotsRules {
  const robots = robotsParser(robotsUrl, text);
  const crawlDelay = robots.getCrawlDelay(userAgent);
  return {
    allows: (url) => robots.isAllowed(url.href, userAgent) !== false,
    sitemaps: robots.getSitemaps(),
    ...(crawlDelay !== undefined && crawlDelay > 0 ? { crawlDelaySeconds: crawlDelay } : {}),
  };
}

/** robots.txt rules of every origin a crawl meets, each loaded once. */
export class RobotsCache {
  private readonly pending = new Map<string, Promise<RobotsRules>>();
  private readonly loaded = new Map<string, RobotsRules>();

  constructor(
    private readonly userAgent: string,
    private readonly fetchText: (url: string) => Promise<SafeFetchResult>,
  ) {}

  rulesFor(url: URL): Promise<RobotsRules> {
    let rules = this.pending.get(url.origin);
    if (!rules) {
      rules = loadRobotsRules(url.origin, this.userAgent, this.fetchText).then((loaded) => {
        this.loaded.set(url.origin, loaded);
        return loaded;
      });
      this.pending.set(url.origin, rules);
    }
    return rules;
  }

  /** The verdict when the origin's rules are already loaded, else undefined (no waiting). */
  allowsIfKnown(url: URL): boolean | undefined {
    return this.loaded.get(url.origin)?.allows(url);
  }
}
