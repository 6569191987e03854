import { acceptWebhook, verifyWebhook } from '../core/channels/channel-webhook.js';
import { platformParam } from '../core/channels/platform-param.js';
import { payloadTooLarge } from '../core/http/http-error.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

/** lib/routes.ts gives the POST route the same limit. */
const MAX_WEBHOOK_BYTES = 192 * 1024;

/**
 * Meta's webhook of one channel (lib/routes.ts: GET and POST /webhooks/{platform}/{connectionId}).
 * GET is the verification handshake; POST is checked against X-Hub-Signature-256 on the body's bytes
 * exactly as they arrived (API Gateway may hand them over base64-encoded) and acknowledged at once.
 */
export const handler = httpHandler({ route: 'channel-webhook', plainText: true }, async ({ event, pathParameters }) => {
  const platform = platformParam(pathParameters);
  const connectionId = pathId(pathParameters, 'connectionId');
  if (event.requestContext.http.method === 'GET') return verifyWebhook(platform, connectionId, event.queryStringParameters ?? {});
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  // The call travels on to process-channel-webhook, whose asynchronous invocation takes at most 256 KB.
  if (raw.length > MAX_WEBHOOK_BYTES) throw payloadTooLarge(MAX_WEBHOOK_BYTES);
  await acceptWebhook(platform, connectionId, raw, event.headers['x-hub-signature-256']);
  return 'EVENT_RECEIVED';
});
