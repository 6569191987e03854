import {
  deploymentResponseSchema,
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
