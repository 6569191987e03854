import { badRequest } from '../http/http-error.js';
import { requireEnv } from '../runtime/env.js';

export const IMAGE_URL_REFUSED_MESSAGE =
  'The avatar must be an https:// image address, or an avatar uploaded or chosen here.';

/**
 * Whether an image address may be shown to the public (the widget and the demo page put it in an
 * `<img>` on other people's pages): https, or an image of our own site (its uploaded avatars and
 * preset avatars), which is plain http only in local development. Never javascript:, data:, file:...
 */
export function isPublicImageUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.origin === new URL(requireEnv('PUBLIC_SITE_URL')).origin;
}

/** Checked on write: '' (no avatar) or a public image address, else 400. */
export function checkAgentImage(value: string | undefined): void {
  if (value && !isPublicImageUrl(value)) throw badRequest(IMAGE_URL_REFUSED_MESSAGE);
}

/** Checked on read too, so a value stored before the rule (or written around it) is never served. */
export const publicAgentImage = (stored: string | undefined): string => (stored && isPublicImageUrl(stored) ? stored : '');
