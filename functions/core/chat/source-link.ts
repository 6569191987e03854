import { HEADING_PATH_SEPARATOR } from '../knowledge/chunk.js';
import { isSiteDetailsDocument } from '../knowledge/knowledge-document.js';

type Cited = { documentId: string; title: string; url?: string; heading?: string };

/**
 * What a cited page is called in an answer ("More details: Pricing"): its title without the site
 * name ("Pricing | CleanPro" -> "Pricing"). A one-page site's home page is named by the section the
 * passage comes from, since its title is only the business name.
 */
export function sourceTitle(passage: Cited): string {
  if (isSiteDetailsDocument(passage.documentId)) return passage.title;
  const title = passage.title.split(/\s+[|–—·:-]\s+/)[0]!.trim() || passage.title.trim();
  const isHome = passage.url ? /^\/?(?:index\.\w+)?$/.test(new URL(passage.url).pathname) : false;
  const section = passage.heading?.split(HEADING_PATH_SEPARATOR)[0]?.trim();
  const name = isHome && section && section.length <= 60 ? section : title;
  return name || 'our website';
}

/** A markdown link the chat widgets render as a safe anchor ([label](url)); brackets in the label would break it. */
export const sourceLink = (title: string, url: string) => `[${title.replace(/[[\]]/g, '')}](${url})`;
