/** Hosts of the social networks a business links its profiles to, by the name visitors call them. */
const NETWORKS: [RegExp, string][] = [
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(facebook|fb)\.com$/, 'Facebook'],
  [/(^|\.)(twitter|x)\.com$/, 'X (Twitter)'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'Pinterest'],
  [/(^|\.)threads\.net$/, 'Threads'],
  [/(^|\.)wa\.me$/, 'WhatsApp'],
];

/**
 * The social profile a link points to ("Instagram: instagram.com/marrowandfig"), or undefined for any
 * other link. Such links are usually icons without text, so without this the page never says where
 * the business can be followed.
 */
export function socialProfileOf(href: string): { network: string; address: string } | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  const network = NETWORKS.find(([pattern]) => pattern.test(host))?.[1];
  const path = url.pathname.replace(/\/+$/, '');
  // A network's home page or a share button ("/sharer", "/intent") is not the business's profile.
  if (!network || !path || /^\/(sharer|share|intent|dialog|home)\b/i.test(path)) return undefined;
  return { network, address: `${host.replace(/^www\./, '')}${path}` };
}
