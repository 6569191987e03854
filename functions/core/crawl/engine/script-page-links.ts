import { isSameSite } from '../crawl-url.js';
import { linksInScript, MAX_SCRIPT_CHARS } from '../script-links.js';
import { safeFetch } from '../safe-fetch.js';
import type { ReadContext } from './read-page.js';

/**
 * The links a page's own script files write onto it (a menu built by `nav.js`): script-links.ts says
 * why. Only scripts of the site itself, that robots.txt allows, at most MAX_SCRIPTS_PER_PAGE of them,
 * and only their first MAX_SCRIPT_CHARS (a library is not read to its end). Every page of a site loads
 * the same scripts, so what a script writes is kept per worker (by script address) and each is fetched
 * once per worker, not once per page. A script that cannot be read writes no links: never an error.
 */

export const MAX_SCRIPTS_PER_PAGE = 8;
const MAX_SCRIPTS_KEPT = 200;
const scriptTypes = ['text/javascript', 'application/javascript', 'application/x-javascript', 'text/ecmascript', 'application/ecmascript'];
/** Script text by address, for this worker's pages; oldest dropped first. */
const readScripts = new Map<string, Promise<string>>();

function scriptText(url: URL, context: ReadContext): Promise<string> {
  const known = readScripts.get(url.href);
  if (known) return known;
  const reading = safeFetch(url, {
    allowPrivateNetwork: context.allowPrivateNetwork,
    timeoutMs: context.pageTimeoutMs,
    maxBytes: MAX_SCRIPT_CHARS,
    userAgent: context.userAgent,
    accept: scriptTypes,
    agents: context.agents,
    ...(context.signal ? { signal: context.signal } : {}),
    refuseRedirect: (next) => (isSameSite(next, context.sites) && context.robots.allows(next) ? undefined : 'which is not the site'),
  }).then(
    (response) => (response.status >= 200 && response.status < 300 ? response.body.toString('utf8') : ''),
    () => '',
  );
  readScripts.set(url.href, reading);
  if (readScripts.size > MAX_SCRIPTS_KEPT) readScripts.delete(readScripts.keys().next().value!);
  return reading;
}

/** Links that the page's script files (absolute addresses) write, resolved against the page. */
export async function scriptFileLinks(scripts: readonly string[], pageUrl: string, context: ReadContext): Promise<string[]> {
  const own = scripts
    .map((script) => new URL(script))
    .filter((url) => isSameSite(url, context.sites) && context.robots.allows(url))
    .slice(0, MAX_SCRIPTS_PER_PAGE);
  const texts = await Promise.all(own.map((url) => scriptText(url, context)));
  return texts.flatMap((text) => linksInScript(text, pageUrl));
}
