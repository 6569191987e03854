import { chatbotResponseSchema, type Chatbot, type ConversationSettings } from '@contracts/chatbot';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

/** PUT /chatbots/{id}/settings: the full conversation settings (spec 001, /dashboard/controls). */
export async function updateConversationSettings(
  api: ApiClient,
  id: string,
  settings: ConversationSettings,
): Promise<Chatbot> {
  const { chatbot } = await api.request(`${chatbotPath(id)}/settings`, {
    method: 'PUT',
    body: settings,
    schema: chatbotResponseSchema,
  });
  return chatbot;
}
