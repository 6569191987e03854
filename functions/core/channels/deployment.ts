import type { ConnectedChannel, DeploymentResponse, UpdateWebsiteChannelRequest, WebsiteChannel } from '../../contracts/deployment.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import { webhookUrl } from './webhook-url.js';
import { seenOrigins } from './widget-origins.js';

/** The social channels connected to an assistant, as its owner sees them (no token, no secret). */
export async function connectedChannels(chatbotId: string, apiBase: string): Promise<ConnectedChannel[]> {
  const { data } = await db().entities.channelConnection.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' });
  return data.map((connection) => ({
    platform: connection.platform,
    account_id: connection.account_id,
    account_name: connection.account_name,
    connected_at: connection.connected_at,
    webhook_url: webhookUrl(apiBase, connection.platform, connection.connection_id),
    verify_token: connection.verify_token,
  }));
}

/** GET /chatbots/{id}/deployment: the website channel, where the widget runs, and the social channels. */
export async function deploymentOf(caller: Caller, chatbotId: string, apiBase: string): Promise<DeploymentResponse> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  const [seen, channels] = await Promise.all([seenOrigins(chatbotId), connectedChannels(chatbotId, apiBase)]);
  return {
    website: {
      enabled: (bot.deployment_channels ?? []).includes('website'),
      allowed_domains: bot.allowed_domains ?? [],
      seen,
    },
    channels,
    training_quality: bot.training_quality ?? 0,
  };
}

/** PUT /chatbots/{id}/website-channel: the website channel on or off (spec 001: toggled directly) and its allow-list. */
export async function updateWebsiteChannel(
  caller: Caller,
  chatbotId: string,
  request: Required<Pick<UpdateWebsiteChannelRequest, 'enabled'>> & { allowed_domains: string[] },
): Promise<WebsiteChannel> {
  await chatbotFor(caller, chatbotId);
  const update = db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ allowed_domains: request.allowed_domains, updated_at: new Date().toISOString() });
  await (request.enabled ? update.add({ deployment_channels: ['website'] }) : update.delete({ deployment_channels: ['website'] })).go();
  return { enabled: request.enabled, allowed_domains: request.allowed_domains, seen: await seenOrigins(chatbotId) };
}
