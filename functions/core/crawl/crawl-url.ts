/**
 * URL rules of the crawl: what counts as the same page, the same site, and an obvious non-page.
 */

const trackingParameter = /^(utm_[a-z_]+|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid)$/i;

const nonPageExtensions = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv txt json xml rss atom ics vcf ' +
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic ' +
    'mp3 wav ogg oga m4a aac flac mp4 m4v mov avi wmv webm mkv ' +
    'zip gz tgz tar rar 7z bz2 xz dmg exe msi apk iso bin ' +
    'css js mjs map woff woff2 ttf otf eot'
  ).split(' '),
);

/**
 * Resolves `raw` against `base` and returns the address to fetch: http(s) only, fragment removed,
 * tracking parameters dropped, query parameters sorted by name. Undefined for anything else
 * (mailto:, tel:, javascript:, unparsable).
 */
export function normaliseUrl(raw: string, base?: string | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  if (url.search) {
    for (const name of [...url.searchParams.keys()]) {
      if (trackingParameter.test(name)) url.searchParams.delete(name);
    }
    url.searchParams.sort();
    if (!url.searchParams.size) url.search = '';
  }
  return url;
}

/** The host that identifies a site: lower-case, without a leading "www." (www and apex are one site). */
export function siteHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * What identifies the site of a URL: its host without "www." and an explicit port if any (http and https
 * on their default ports are one site; another port on the same host is not).
 */
export function siteOf(url: URL): string {
  return url.port ? `${siteHost(url.hostname)}:${url.port}` : siteHost(url.hostname);
}

export function isSameSite(url: URL, sites: ReadonlySet<string>): boolean {
  return sites.has(siteOf(url));
}

/**
 * The identity of a page for "already seen": scheme, www and a trailing slash do not make a different
 * page (`http://www.example.com/about/` and `https://example.com/about` are one key).
 */
export function pageKey(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  const port = url.port ? `:${url.port}` : '';
  return `${siteHost(url.hostname)}${port}${path}${url.search}`;
}

/** The extension when the path obviously names a file that is not a web page (pdf, jpg, zip, ...). */
export function nonPageExtension(url: URL): string | undefined {
  const match = /\.([a-z0-9]{1,5})$/i.exec(url.pathname);
  const extension = match?.[1]?.toLowerCase();
  return extension && nonPageExtensions.has(extension) ? extension : undefined;
}
