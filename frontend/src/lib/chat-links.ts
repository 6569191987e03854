/**
 * Links in assistant replies (spec 001 'Demo page'), shared by the embed widget (`embed.js`), the demo
 * widget and the test chat. Pure: no DOM, no React. Callers render `text` parts as text and `link`
 * parts as `<a href target="_blank" rel="noopener noreferrer">label</a>`; nothing becomes HTML.
 *
 * - `[text](url)`: a link labelled `text`; 'here' or 'click here' pointing to a booking or hotel site
 *   becomes 'book here'.
 * - A bare URL (`http://`, `https://`, `mailto:`): labelled 'book here' (booking or reservation sites),
 *   'contact us' (contact pages or mailto:), 'schedule here' (calendar or scheduling sites), otherwise
 *   'visit {hostname}'. Trailing punctuation ends the URL.
 * - Only http:, https: and mailto: hrefs are produced; anything else (javascript:, data:, relative
 *   paths) stays plain text.
 */
export type MessagePart = { type: 'text'; text: string } | { type: 'link'; href: string; label: string };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * One markdown link (group 1 label, group 2 target, which may hold one level of balanced parentheses)
 * or one bare URL (group 3).
 */
const LINK_PATTERN =
  /\[([^[\]\n]*)\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?\s*\)|((?:https?:\/\/|mailto:)[^\s<>"`]+)/gi;

/** Characters that end a sentence rather than a URL. */
const TRAILING_PUNCTUATION = /[.,;:!?'"*_~]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const SCHEDULING_HOSTS = /(^|\.)(calendly\.com|cal\.com|savvycal\.com|zcal\.co|tidycal\.com|acuityscheduling\.com|doodle\.com)$|^(calendar\.google\.com|meetings\.hubspot\.com|outlook\.office365\.com)$/;
const SCHEDULING_PATHS = /(^|[^a-z])(schedul\w*|calendar|appointments?|meetings?)([^a-z]|$)/;
/** Tested against each label of the host name (split on dots and dashes): booking, hotel and reservation sites. */
const BOOKING_HOST_LABEL = /^(book|booking|bookings|booknow|reserve|reservations?|opentable|resy|expedia|airbnb|tripadvisor|trivago|agoda|sevenrooms|hostelworld)$|hotel/;
const BOOKING_PATHS = /(^|[^a-z])(book|booking|bookings|book-now|reserve|reservations?)([^a-z]|$)/;
const CONTACT_PATHS = /(^|[^a-z])(contact\w*|get-in-touch)([^a-z]|$)/;

/** The URL when `href` is absolute and of an allowed protocol, else undefined. */
function safeUrl(href: string): URL | undefined {
  try {
    const url = new URL(href);
    return ALLOWED_PROTOCOLS.has(url.protocol) && (url.protocol === 'mailto:' ? url.pathname.length > 0 : url.hostname.length > 0)
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

type LinkKind = 'book' | 'contact' | 'schedule' | 'other';

function linkKind(url: URL): LinkKind {
  if (url.protocol === 'mailto:') return 'contact';
  const host = url.hostname.toLowerCase();
  const path = decodeSafely(url.pathname + url.search).toLowerCase();
  if (SCHEDULING_HOSTS.test(host) || SCHEDULING_PATHS.test(path)) return 'schedule';
  if (host.split(/[.-]/).some((label) => BOOKING_HOST_LABEL.test(label)) || BOOKING_PATHS.test(path)) return 'book';
  if (/^contact\./.test(host) || CONTACT_PATHS.test(path)) return 'contact';
  return 'other';
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Label of a bare URL. */
export function bareUrlLabel(url: URL): string {
  switch (linkKind(url)) {
    case 'book':
      return 'book here';
    case 'contact':
      return 'contact us';
    case 'schedule':
      return 'schedule here';
    default:
      return `visit ${url.hostname.replace(/^www\./i, '')}`;
  }
}

/** Label of a markdown link: its own text, except 'here'/'click here' to a booking or hotel site. */
function markdownLabel(text: string, url: URL): string {
  const label = text.trim().replace(/\s+/g, ' ');
  if (!label) return bareUrlLabel(url);
  if (/^(click )?here[.!]?$/i.test(label) && linkKind(url) === 'book') return 'book here';
  return label;
}

/** Splits a bare URL match into the URL and the punctuation that follows it in the sentence. */
function trimBareUrl(match: string): [url: string, rest: string] {
  let url = match;
  for (;;) {
    const last = url.slice(-1);
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.test(url)) url = url.slice(0, -1);
    else if (opener && count(url, opener) < count(url, last)) url = url.slice(0, -1);
    else break;
  }
  return [url, match.slice(url.length)];
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The parts of a message, in order; adjacent text is merged and empty text is left out. */
export function splitMessageLinks(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts[parts.length - 1];
    if (last?.type === 'text') last.text += value;
    else parts.push({ type: 'text', text: value });
  };

  let index = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index ?? 0;
    pushText(text.slice(index, start));
    index = start + match[0].length;
    const [, mdLabel, mdHref, bare] = match;
    if (bare !== undefined) {
      const [href, rest] = trimBareUrl(bare);
      const url = safeUrl(href);
      if (url) parts.push({ type: 'link', href, label: bareUrlLabel(url) });
      else pushText(href);
      pushText(rest);
    } else {
      const url = safeUrl(mdHref ?? '');
      if (url) parts.push({ type: 'link', href: mdHref ?? '', label: markdownLabel(mdLabel ?? '', url) });
      else pushText(match[0]);
    }
  }
  pushText(text.slice(index));
  return parts;
}
