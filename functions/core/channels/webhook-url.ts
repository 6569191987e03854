import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SocialPlatform } from '../../contracts/deployment.js';

/**
 * The API's own base URL as the caller reached it (API Gateway's domain, or a custom domain), so the
 * webhook address shown to the owner is the one Meta can call. API Gateway serves https only; the
 * local gateway (LOCAL_DEV) plain http.
 */
export function apiBaseOf(event: Pick<APIGatewayProxyEventV2, 'requestContext'>): string {
  const scheme = process.env.LOCAL_DEV === 'true' ? 'http' : 'https';
  return `${scheme}://${event.requestContext.domainName}`;
}

/** lib/routes.ts `channel-webhook`: one route per platform, one address per connection. */
export const webhookUrl = (apiBase: string, platform: SocialPlatform, connectionId: string) =>
  `${apiBase}/webhooks/${platform}/${connectionId}`;
