import type { SocialPlatform } from '../../contracts/deployment.js';
import { db } from '../data/db.js';
import { JsonTooDeepError, jsonTooDeepMessage, parseBoundedJson } from '../http/bounded-json.js';
import { badRequest, forbidden, notFound, unauthorized } from '../http/http-error.js';
import { invokeAsync } from '../invoke/invoke-async.js';
import { requireEnv } from '../runtime/env.js';
import { validHubSignature } from './webhook-signature.js';
import { webhookChannel } from './webhook-signing-keys.js';

async function signingChannel(platform: SocialPlatform, connectionId: string) {
  const channel = connectionId.length <= 100 ? await webhookChannel(connectionId) : null;
  if (!channel || channel.platform !== platform) throw notFound('No such channel webhook');
  return channel;
}

async function connectionFor(platform: SocialPlatform, connectionId: string) {
  const { data } = connectionId.length <= 100 ? await db().entities.channelConnection.get({ connection_id: connectionId }).go() : { data: null };
  if (!data || data.platform !== platform) throw notFound('No such channel webhook');
  return data;
}

/**
 * GET: Meta's verification handshake when the owner saves the callback URL in their Meta app. With
 * hub.mode=subscribe and this channel's verify token, the challenge is echoed back as plain text.
 */
export async function verifyWebhook(platform: SocialPlatform, connectionId: string, query: Record<string, string | undefined>): Promise<string> {
  const connection = await connectionFor(platform, connectionId);
  if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge']) throw badRequest('Expected hub.mode=subscribe with a hub.challenge');
  if (query['hub.verify_token'] !== connection.verify_token) throw forbidden('The verify token does not match this channel');
  return query['hub.challenge'];
}

/** The event process-channel-webhook is invoked with: the verified call and whose channel it is (no secrets). */
export interface ChannelWebhookWork {
  connectionId: string;
  chatbotId: string;
  platform: SocialPlatform;
  accountId: string;
  payload: unknown;
}

/**
 * POST: a verified call is handed to process-channel-webhook and acknowledged at once (Meta wants an
 * answer within seconds and retries otherwise). Unsigned or wrongly signed calls are refused before
 * anything is read from them or stored.
 */
export async function acceptWebhook(platform: SocialPlatform, connectionId: string, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const channel = await signingChannel(platform, connectionId);
  if (!validHubSignature(rawBody, signature, channel.appSecret)) throw unauthorized('Missing or invalid X-Hub-Signature-256');
  let payload: unknown;
  try {
    payload = parseBoundedJson(rawBody.toString('utf8'));
  } catch (error) {
    // A 4xx, which Meta does not retry: the same bytes would fail the same way every time.
    throw badRequest(error instanceof JsonTooDeepError ? jsonTooDeepMessage('The webhook body') : 'The webhook body is not JSON');
  }
  const work: ChannelWebhookWork = { connectionId, chatbotId: channel.chatbotId, platform, accountId: channel.accountId, payload };
  // Should this fail, the call is not acknowledged (503): Meta delivers it again, and the message ids
  // keep it to one answer.
  await invokeAsync(requireEnv('CHANNEL_PROCESSOR_FUNCTION_NAME'), work);
}
