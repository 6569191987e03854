import type { SiteMetadata } from '../crawl/site-metadata.js';

/** Title separators that split a page or tagline from the site's name ("Tideline Roasters - Hove"). */
const SEPARATORS = /\s+[|\u2013\u2014\-:\u00b7\u00bb\u2022]\s+/;
// With the titles editors and starter templates give a new page, which hand-made sites often keep
// (VS Code's "Document", Dreamweaver's "Untitled Document", Vite's and Create React App's).
const GENERIC =
  /^(?:home|home ?page|welcome|index|untitled|main|logo|site logo|official (?:web)?site|(?:untitled |new |html )?document|new page|my (?:web ?)?(?:site|page)|page title|title|hello,? world!?|vite(?: \+ \w+)? app|vite \+ \w+|react app)$/i;
const MAX_CHARS = 120;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** How much of a title part the host name spells ("Tideline Roasters" in tidelineroasters.co.uk: all of it). */
function hostLikeness(part: string, host: string): number {
  const spelled = host.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const meaningful = words(part).filter((word) => word.length >= 3);
  if (!meaningful.length) return 0;
  return meaningful.filter((word) => spelled.includes(word)).length / meaningful.length;
}

/**
 * The name in a title: of its parts ("About | Tideline Roasters - Hove"), not a generic page name, the
 * one the host name spells, else the first, which on a home page is the site's name far more often
 * than its town or tagline ("Tideline Roasters - Hove", "Acme | Fresh bread daily").
 */
function nameInTitle(title: string, host: string): string | undefined {
  const parts = title
    .replace(/^welcome to\s+/i, '')
    .split(SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part && !GENERIC.test(part));
  const [best] = parts
    .map((part, index) => ({ part, index, likeness: hostLikeness(part, host) }))
    .sort((a, b) => (b.likeness >= 0.5 ? b.likeness : 0) - (a.likeness >= 0.5 ? a.likeness : 0) || a.index - b.index);
  return best?.part;
}

/** A logo's alt text without the word logo ("Tideline Roasters logo"); nothing when that is all it says. */
function nameInLogoAlt(alt: string): string | undefined {
  const name = alt.replace(/\blogo\b/gi, '').replace(/^[\s\-|:]+|[\s\-|:]+$/g, '').trim();
  return name && !GENERIC.test(name) ? name : undefined;
}

/**
 * The business name of a new assistant, from what the site declares, most deliberate first: its
 * JSON-LD business name, og:site_name, its JSON-LD website name, its logo's alt text, the name in its
 * title; else the account's business name, else the host name. The creator shows it to the owner to
 * confirm or correct before the assistant is made.
 */
export function businessNameFrom(metadata: Omit<SiteMetadata, 'finalUrl'>, accountBusinessName: string, siteUrl: string): string {
  const host = new URL(siteUrl).hostname.replace(/^www\./, '');
  const candidates = [
    metadata.declaredName,
    metadata.siteName,
    metadata.websiteName,
    metadata.logoAlt && nameInLogoAlt(metadata.logoAlt),
    metadata.title && nameInTitle(metadata.title, host),
    accountBusinessName,
  ];
  const name = candidates.map((candidate) => candidate?.trim()).find((candidate) => candidate && !GENERIC.test(candidate));
  return (name ?? host).slice(0, MAX_CHARS);
}
