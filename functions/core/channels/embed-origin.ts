import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { forbidden } from '../http/http-error.js';

/** What a page on a domain the owner did not allow (or with the website channel off) is told. */
export const EMBED_REFUSED_MESSAGE = 'This assistant is not available on this website.';

/** The origin of the product's own pages (demo page, dashboard), which always reach their assistants. */
function productOrigin(): string | undefined {
  try {
    return new URL(process.env.PUBLIC_SITE_URL ?? '').origin;
  } catch {
    return undefined;
  }
}

/** A page origin that is someone's website rather than the product itself; undefined for none or the product's. */
export function foreignOrigin(origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  return origin === productOrigin() ? undefined : origin;
}

/**
 * Whether a host may run the widget under the allow-list: a listed name allows itself and its
 * subdomains ('example.com' allows 'www.example.com'); a listed port must match, an unlisted one any.
 */
export function hostAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // 'null' (sandboxed frames, file: pages) has no host to match.
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  return allowedDomains.some((entry) => {
    const [name, port] = entry.split(':');
    if (port !== undefined && port !== url.port) return false;
    return hostname === name || hostname.endsWith(`.${name}`);
  });
}

type EmbedRules = Pick<StoredChatbot, 'deployment_channels' | 'allowed_domains'>;

/**
 * The widget's rule, applied to every public call a browser page makes for an assistant (profile and
 * chat): a page of the product itself, or a caller that is no browser page (no Origin), always passes;
 * a page elsewhere needs the website channel on and its domain allowed. Refused with 403.
 */
export function requireEmbedAllowed(bot: EmbedRules, origin: string | undefined): void {
  const page = foreignOrigin(origin);
  if (!page) return;
  const websiteOn = (bot.deployment_channels ?? []).includes('website');
  if (!websiteOn || !hostAllowed(page, bot.allowed_domains ?? [])) throw forbidden(EMBED_REFUSED_MESSAGE);
}
