import type { TransferSettings } from '@contracts/transfers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { useApi } from '@/lib/api';
import { getTransferSettings, listAgentTransfers, updateTransferSettings } from '@/lib/transfers-api';

/** Cache keys of the Agent Transfers API, per signed-in user and assistant. */
export const transferKeys = {
  settings: (userId: string, chatbotId: string) => ['transfers', userId, chatbotId, 'settings'] as const,
  history: (userId: string, chatbotId: string) => ['transfers', userId, chatbotId, 'history'] as const,
};

export function useTransferSettingsQuery(chatbotId: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: transferKeys.settings(userId, chatbotId),
    queryFn: ({ signal }) => getTransferSettings(api, chatbotId, signal),
    enabled: userId !== '' && chatbotId !== '',
  });
}

export function useAgentTransfersQuery(chatbotId: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: transferKeys.history(userId, chatbotId),
    queryFn: ({ signal }) => listAgentTransfers(api, chatbotId, signal),
    enabled: userId !== '' && chatbotId !== '',
  });
}

export function useSaveTransferSettingsMutation(chatbotId: string) {
  const api = useApi();
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TransferSettings) => updateTransferSettings(api, chatbotId, settings),
    onSuccess: (saved) => queryClient.setQueryData(transferKeys.settings(userId, chatbotId), saved),
  });
}
