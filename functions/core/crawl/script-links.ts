import { normaliseUrl } from './crawl-url.js';

/**
 * Small static sites often write their menu with a script (`nav.innerHTML = '<a href="about.html">…'`)
 * or send the home page on with one (`window.location.href = "home.html"`). The crawler does not run
 * scripts, so without this the pages only such a menu links to are never read, although every visitor
 * sees the menu. The links are read from the script's text instead: an `href` attribute in a string, or
 * a string that is the address of a web page (ends in .html or .htm). Scripts write such links relative
 * to the page that runs them, so they are resolved against the page, not the script.
 */

/** `href="about.html"` (also `href=\"…\"` inside a string) in a script's text. */
const hrefInString = /\bhref\s*=\s*\\?["'`]([^"'`\\<>\s]+)/g;
/** A quoted address of a page: "contact.html", './pages/about.htm?x=1', '/partials/footer.html'. */
const pageAddress = /["'`](\/?(?:[\w.~%-]+\/)*[\w.~%-]+\.html?(?:[?#][^"'`\s]*)?)["'`]/g;
/** More of a script than this is a library, not a site's own menu: not read further. */
export const MAX_SCRIPT_CHARS = 256 * 1024;

/** Absolute http(s) links that a script's text writes onto the page at pageUrl. */
export function linksInScript(script: string, pageUrl: string | URL): string[] {
  const text = script.slice(0, MAX_SCRIPT_CHARS);
  const found = new Set<string>();
  for (const pattern of [hrefInString, pageAddress]) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[1]!;
      if (/^(?:#|javascript:|mailto:|tel:|data:)/i.test(raw) || raw.includes('${')) continue;
      const url = normaliseUrl(raw, pageUrl);
      if (url) found.add(url.href);
    }
  }
  return [...found];
}

/** The page's script files (absolute URLs), whose text may write links; inline scripts are read in place. */
export function scriptFilesOf(document: Document, base: string | URL): string[] {
  const files = new Set<string>();
  for (const script of document.querySelectorAll('script[src]')) {
    const url = normaliseUrl(script.getAttribute('src') ?? '', base);
    if (url) files.add(url.href);
  }
  return [...files];
}

/** Links written by the page's inline scripts. */
export function inlineScriptLinks(document: Document, pageUrl: string | URL): string[] {
  return [...document.querySelectorAll('script:not([src])')].flatMap((script) =>
    /json/i.test(script.getAttribute('type') ?? '') ? [] : linksInScript(script.textContent ?? '', pageUrl),
  );
}
