import { CrawlRefusedError, FetchFailedError } from './crawl-errors.js';
import { normaliseUrl } from './crawl-url.js';
import { declaredNames } from './declared-name.js';
import { readHeadMetadata } from './head-metadata.js';
import { decodeHtml } from './decode-html.js';
import { safeFetch } from './safe-fetch.js';
import type { HostResolver } from './validating-lookup.js';

export interface SiteMetadata {
  /** Where the home page was read (after redirects). */
  finalUrl: string;
  /** og:site_name (else application-name). */
  siteName?: string;
  /** The page's <title> (else og:title). */
  title?: string;
  /** meta description (else og:description). */
  description?: string;
  /** The business's name the page declares in JSON-LD (schema.org Organization, LocalBusiness, ...). */
  declaredName?: string;
  /** The website's name the page declares in JSON-LD (schema.org WebSite). */
  websiteName?: string;
  /** The alt text of the site's logo. */
  logoAlt?: string;
}

export interface SiteMetadataOptions {
  allowPrivateNetwork: boolean;
  /** Default 8 s: this runs while the user waits. */
  timeoutMs?: number;
  userAgent?: string;
  lookup?: HostResolver;
}

function clean(value: string | null | undefined): string | undefined {
  return value?.replace(/\s+/g, ' ').trim().slice(0, 300) || undefined;
}

/** What a page says of itself (SiteMetadata without where it was read). */
export function metadataOfPage(html: string): Omit<SiteMetadata, 'finalUrl'> {
  const head = readHeadMetadata(html);
  const declared = declaredNames(head.jsonLd);
  const found = {
    siteName: clean(head.siteName) ?? clean(head.applicationName),
    title: clean(head.title) ?? clean(head.ogTitle),
    description: clean(head.description) ?? clean(head.ogDescription),
    declaredName: clean(declared.business),
    websiteName: clean(declared.website),
    logoAlt: clean(head.logoAlt),
  };
  return Object.fromEntries(Object.entries(found).filter(([, value]) => value));
}

/**
 * Reads what a website's home page says of itself: the names it declares (JSON-LD, og:site_name, its
 * logo's alt text), its title and description (used to name the business of a new assistant). Accepts
 * "example.com" as https://example.com/. Fails fast with a readable message: CrawlRefusedError for addresses that may not be fetched, FetchFailedError when the page cannot be read.
 */
export async function readSiteMetadata(url: string, options: SiteMetadataOptions): Promise<SiteMetadata> {
  const trimmed = url.trim();
  const target = normaliseUrl(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  if (!target) throw new CrawlRefusedError(`Refused to fetch "${url}": only http and https addresses can be fetched`);
  const response = await safeFetch(target, {
    allowPrivateNetwork: options.allowPrivateNetwork,
    timeoutMs: options.timeoutMs ?? 8_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 5,
    accept: ['text/html', 'application/xhtml+xml'],
    userAgent: options.userAgent,
    lookup: options.lookup,
  });
  if (response.status < 200 || response.status >= 300) {
    throw new FetchFailedError(`${response.finalUrl} answered with HTTP ${response.status}`, response.finalUrl);
  }
  return { finalUrl: response.finalUrl, ...metadataOfPage(decodeHtml(response.body, response.contentTypeHeader)) };
}
