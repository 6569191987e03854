interface SiteMetadata {
  siteName?: string;
  title?: string;
}

/** Title separators that usually split a page name from the site name ("About us | Riverside Dental"). */
const SEPARATORS = /\s+[|\u2013\u2014\-:\u00b7]\s+/;
const GENERIC_PAGE_NAMES = /^(home|home ?page|welcome|index|untitled)$/i;

/**
 * The business name of a new assistant: the site's og:site_name, else the most name-like part of its
 * title, else the account's business name, else the host name.
 */
export function businessNameFrom(metadata: SiteMetadata, accountBusinessName: string, siteUrl: string): string {
  const siteName = metadata.siteName?.trim();
  if (siteName) return siteName.slice(0, 120);
  const title = metadata.title?.trim();
  if (title) {
    const parts = title
      .split(SEPARATORS)
      .map((p) => p.trim())
      .filter((p) => p && !GENERIC_PAGE_NAMES.test(p));
    // "Home | Acme" -> "Acme"; "Acme - Fresh bread daily" -> "Acme": the shortest part is usually the name.
    const name = [...parts].sort((a, b) => a.length - b.length)[0];
    if (name) return name.slice(0, 120);
  }
  if (accountBusinessName.trim()) return accountBusinessName.trim().slice(0, 120);
  return new URL(siteUrl).hostname.replace(/^www\./, '');
}
