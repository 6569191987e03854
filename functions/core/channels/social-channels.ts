import { randomBytes, randomUUID } from 'node:crypto';
import {
  platformLabels,
  SOCIAL_CHANNEL_MIN_QUALITY,
  type ChannelCredentials,
  type ConnectedChannel,
  type SocialPlatform,
  type TestChannelConnectionResponse,
} from '../../contracts/deployment.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { openChannelSecrets, sealChannelSecrets } from './credential-vault.js';
import { connectedChannels } from './deployment.js';
import { readChannelAccount, type GraphCredentials } from './graph-api.js';

/** The refusal below the training quality spec 001 asks for (section 9: 80 percent). */
export const qualityTooLowMessage = (platform: SocialPlatform, quality: number) =>
  `${platformLabels[platform]} can be connected once the assistant's training quality reaches ${SOCIAL_CHANNEL_MIN_QUALITY}% ` +
  `(it is ${quality}%). Add knowledge, FAQs or training first.`;

/** The toast text of spec 001 section 8, used for the server's refusal too. */
export const testFailedMessage = (platform: SocialPlatform, error: string) => `${platformLabels[platform]} connection test failed: ${error}`;

const notConnectedMessage = (platform: SocialPlatform) =>
  `${platformLabels[platform]} is not connected to this assistant. Enter its credentials to test them.`;

async function connectionOf(chatbotId: string, platform: SocialPlatform) {
  const { data } = await db().entities.channelConnection.query.byChatbot({ chatbot_id: chatbotId, platform }).go({ pages: 'all' });
  return data;
}

/**
 * PUT /chatbots/{id}/channels/{platform}: connects (or reconnects with new credentials) after the
 * connection test passes. The secrets are sealed before they are written; a reconnection keeps the
 * connection id, so the webhook address and verify token the owner entered at Meta stay valid.
 */
export async function connectChannel(
  caller: Caller,
  chatbotId: string,
  platform: SocialPlatform,
  credentials: ChannelCredentials,
  apiBase: string,
): Promise<ConnectedChannel> {
  const { chatbot } = await chatbotFor(caller, chatbotId);
  const quality = chatbot.training_quality ?? 0;
  if (quality < SOCIAL_CHANNEL_MIN_QUALITY) throw new HttpError(409, qualityTooLowMessage(platform, quality));

  const test = await readChannelAccount(platform, credentials.account_id, credentials);
  if (!test.ok) throw new HttpError(test.reachable ? 422 : 503, testFailedMessage(platform, test.error));

  const [existing, ...extra] = await connectionOf(chatbotId, platform);
  const connectionId = existing?.connection_id ?? randomUUID();
  const sealed = await sealChannelSecrets(connectionId, { access_token: credentials.access_token, app_secret: credentials.app_secret });
  await db()
    .entities.channelConnection.put({
      connection_id: connectionId,
      chatbot_id: chatbotId,
      user_id: chatbot.user_id,
      platform,
      account_id: credentials.account_id,
      account_name: test.accountName,
      sealed_credentials: sealed,
      verify_token: existing?.verify_token ?? randomBytes(24).toString('base64url'),
      connected_at: new Date().toISOString(),
    })
    .go({ response: 'none' });
  // Two connects at once may each have written one: the older ones go, with their credentials.
  await Promise.all(extra.map((c) => db().entities.channelConnection.delete({ connection_id: c.connection_id }).go()));
  await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .add({ deployment_channels: [platform] })
    .set({ updated_at: new Date().toISOString() })
    .go({ response: 'none' });
  return (await connectedChannels(chatbotId, apiBase)).find((c) => c.platform === platform)!;
}

/** DELETE /chatbots/{id}/channels/{platform}: the connection and its sealed credentials are deleted. */
export async function disconnectChannel(caller: Caller, chatbotId: string, platform: SocialPlatform): Promise<{ disconnected: true }> {
  await chatbotFor(caller, chatbotId);
  const connections = await connectionOf(chatbotId, platform);
  await Promise.all(connections.map((c) => db().entities.channelConnection.delete({ connection_id: c.connection_id }).go()));
  await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .delete({ deployment_channels: [platform] })
    .set({ updated_at: new Date().toISOString() })
    .go({ response: 'none' });
  return { disconnected: true };
}

/**
 * POST /test-channel-connection (spec 001): tries the given credentials, or without them the connected
 * channel's own. Meta's refusal is an answer (success false, Meta's text), not an error of this call.
 */
export async function testChannelConnection(
  caller: Caller,
  request: { channelId: SocialPlatform; chatbotId: string; config?: ChannelCredentials },
): Promise<TestChannelConnectionResponse> {
  await chatbotFor(caller, request.chatbotId);
  let accountId: string;
  let credentials: GraphCredentials;
  if (request.config) {
    accountId = request.config.account_id;
    credentials = request.config;
  } else {
    const [connection] = await connectionOf(request.chatbotId, request.channelId);
    if (!connection) return { success: false, error: notConnectedMessage(request.channelId), account_name: null };
    accountId = connection.account_id;
    credentials = await openChannelSecrets(connection.connection_id, connection.sealed_credentials);
  }
  const test = await readChannelAccount(request.channelId, accountId, credentials);
  return test.ok ? { success: true, error: null, account_name: test.accountName } : { success: false, error: test.error, account_name: null };
}
