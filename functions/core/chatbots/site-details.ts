import type { SiteDetailsResponse } from '../../contracts/chatbot.js';
import { enforceLimit } from '../chat/rate-limit.js';
import { allowPrivateNetworkFromEnv } from '../crawl/network-policy.js';
import { readSiteMetadata, type SiteMetadata } from '../crawl/site-metadata.js';
import { HttpError } from '../http/http-error.js';
import { businessNameFrom } from './business-name.js';

/** Site look-ups per owner and minute: each one fetches a page on the owner's behalf. */
export const SITE_LOOKUPS_PER_MINUTE = 20;

/** Reads the site's home page, or refuses with 422 saying why it cannot be read (nothing is created from it). */
export async function readSiteForAssistant(websiteUrl: string): Promise<SiteMetadata> {
  try {
    return await readSiteMetadata(websiteUrl, { allowPrivateNetwork: allowPrivateNetworkFromEnv() });
  } catch (error) {
    throw new HttpError(422, `We could not read ${websiteUrl}: ${(error as Error).message}`);
  }
}

/**
 * GET /site-details: the business name a new assistant would get from its site (issue 30), for the
 * creator to show the owner to confirm or correct before create-chatbot.
 */
export async function siteDetails(userId: string, accountBusinessName: string, websiteUrl: string): Promise<SiteDetailsResponse> {
  await enforceLimit(`site-details:${userId}`, SITE_LOOKUPS_PER_MINUTE, 'Too many website look-ups right now.');
  const metadata = await readSiteForAssistant(websiteUrl);
  return { websiteUrl: metadata.finalUrl, businessName: businessNameFrom(metadata, accountBusinessName, metadata.finalUrl) };
}
