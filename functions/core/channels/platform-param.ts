import { platformLabels, socialPlatforms, type SocialPlatform } from '../../contracts/deployment.js';
import { notFound } from '../http/http-error.js';

/** The `{platform}` of a channel route: one of Meta's three, else there is no such channel (404). */
export function platformParam(pathParameters: Record<string, string | undefined>): SocialPlatform {
  const value = pathParameters.platform;
  if (!socialPlatforms.includes(value as SocialPlatform)) {
    throw notFound(`No channel '${String(value).slice(0, 40)}': the channels are ${socialPlatforms.map((p) => platformLabels[p]).join(', ')}`);
  }
  return value as SocialPlatform;
}
