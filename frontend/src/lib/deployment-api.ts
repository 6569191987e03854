import {
  connectChannelResponseSchema,
  deploymentResponseSchema,
  disconnectChannelResponseSchema,
  testChannelConnectionResponseSchema,
  type ChannelCredentials,
  type ConnectedChannel,
  type SocialPlatform,
  type TestChannelConnectionResponse,
  websiteChannelResponseSchema,
  type DeploymentResponse,
  type UpdateWebsiteChannelRequest,
  type WebsiteChannel,
} from '@contracts/deployment';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

/** GET /chatbots/{id}/deployment: website channel, where the widget runs, connected channels. */
export function getDeployment(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<DeploymentResponse> {
  return api.request(`${chatbotPath(chatbotId)}/deployment`, { schema: deploymentResponseSchema, signal });
}

/** PUT /chatbots/{id}/website-channel */
export async function updateWebsiteChannel(api: ApiClient, chatbotId: string, body: UpdateWebsiteChannelRequest): Promise<WebsiteChannel> {
  const { website } = await api.request(`${chatbotPath(chatbotId)}/website-channel`, {
    method: 'PUT',
    body,
    schema: websiteChannelResponseSchema,
  });
  return website;
}

/** PUT /chatbots/{id}/channels/{platform}: connect with Meta's credentials (the server tests them first). */
export async function connectChannel(
  api: ApiClient,
  chatbotId: string,
  platform: SocialPlatform,
  credentials: ChannelCredentials,
): Promise<ConnectedChannel> {
  const { channel } = await api.request(`${chatbotPath(chatbotId)}/channels/${platform}`, {
    method: 'PUT',
    body: { credentials },
    schema: connectChannelResponseSchema,
  });
  return channel;
}

/** DELETE /chatbots/{id}/channels/{platform}: the channel goes, with its stored credentials. */
export async function disconnectChannel(api: ApiClient, chatbotId: string, platform: SocialPlatform): Promise<void> {
  await api.request(`${chatbotPath(chatbotId)}/channels/${platform}`, { method: 'DELETE', schema: disconnectChannelResponseSchema });
}

/** POST /test-channel-connection (spec 001): the given credentials, or without them the connected channel's. */
export function testChannelConnection(
  api: ApiClient,
  body: { channelId: SocialPlatform; chatbotId: string; config?: ChannelCredentials },
): Promise<TestChannelConnectionResponse> {
  return api.request('/test-channel-connection', { method: 'POST', body, schema: testChannelConnectionResponseSchema });
}
