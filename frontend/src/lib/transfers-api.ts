import {
  agentTransferListResponseSchema,
  transferSettingsResponseSchema,
  type AgentTransfer,
  type TransferSettings,
} from '@contracts/transfers';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

/** GET /chatbots/{id}/transfer-settings: the stored settings with the spec's defaults filled. */
export async function getTransferSettings(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<TransferSettings> {
  const { settings } = await api.request(`${chatbotPath(chatbotId)}/transfer-settings`, { schema: transferSettingsResponseSchema, signal });
  return settings;
}

/** PUT /chatbots/{id}/transfer-settings: the whole settings object; answers what was stored. */
export async function updateTransferSettings(api: ApiClient, chatbotId: string, settings: TransferSettings): Promise<TransferSettings> {
  const { settings: saved } = await api.request(`${chatbotPath(chatbotId)}/transfer-settings`, {
    method: 'PUT',
    body: settings,
    schema: transferSettingsResponseSchema,
  });
  return saved;
}

/** GET /chatbots/{id}/transfers: the last 20, newest first. */
export async function listAgentTransfers(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<AgentTransfer[]> {
  const { transfers } = await api.request(`${chatbotPath(chatbotId)}/transfers`, { schema: agentTransferListResponseSchema, signal });
  return transfers;
}
