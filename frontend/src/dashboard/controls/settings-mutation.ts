import type { ConversationSettings } from '@contracts/chatbot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { storeChatbot } from '@/chatbots/mutations';
import { useApi } from '@/lib/api';
import { updateConversationSettings } from '@/lib/conversation-settings-api';

/** PUT /chatbots/{id}/settings; the saved assistant replaces its copies in the list and detail caches. */
export function useUpdateConversationSettingsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ id, settings }: { id: string; settings: ConversationSettings }) =>
      updateConversationSettings(api, id, settings),
    onSuccess: (chatbot) => storeChatbot(queryClient, userId, chatbot),
  });
}
