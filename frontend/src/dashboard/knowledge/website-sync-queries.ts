import type { SyncFrequency } from '@contracts/chatbot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import { getSyncSettings, listLearnedPages, setSyncFrequency, syncWebsite } from '@/lib/chatbots-api';

/** GET /chatbots/{id}/sync */
export function useSyncSettingsQuery(id: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.sync(userId, id),
    queryFn: ({ signal }) => getSyncSettings(api, id, signal),
    enabled: userId !== '' && id !== '',
  });
}

/** GET /chatbots/{id}/pages?search= */
export function useLearnedPagesQuery(id: string, search: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.pages(userId, id, search),
    queryFn: ({ signal }) => listLearnedPages(api, id, search, signal),
    enabled: userId !== '' && id !== '',
    placeholderData: (previous) => previous,
  });
}

/** POST /chatbots/{id}/sync; the crawl status is polled again until the reading ends. */
export function useSyncNowMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => syncWebsite(api, id),
    onSuccess: (status, id) => {
      queryClient.setQueryData(chatbotKeys.crawl(userId, id), status);
      void queryClient.invalidateQueries({ queryKey: chatbotKeys.sync(userId, id) });
    },
  });
}

/** PUT /chatbots/{id}/sync */
export function useSyncFrequencyMutation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (frequency: SyncFrequency) => setSyncFrequency(api, id, frequency),
    onSuccess: (settings) => queryClient.setQueryData(chatbotKeys.sync(userId, id), settings),
  });
}
