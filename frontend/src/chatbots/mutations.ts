import type { Chatbot, CreateChatbotRequest, UpdateChatbotRequest } from '@contracts/chatbot';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import { createChatbot, deleteChatbot, readSiteDetails, retryCrawl, setChatbotActive, updateChatbot } from '@/lib/chatbots-api';

/** Puts the server's copy of one assistant into the list caches (every order) and its detail cache. */
export function storeChatbot(queryClient: QueryClient, userId: string, chatbot: Chatbot): void {
  queryClient.setQueryData<Chatbot>(chatbotKeys.detail(userId, chatbot.id), chatbot);
  queryClient.setQueriesData<Chatbot[]>({ queryKey: chatbotKeys.list(userId) }, (list) =>
    list?.map((item) => (item.id === chatbot.id ? chatbot : item)),
  );
}

/** GET /site-details: reads the business name from the site, for the creator's confirmation step. */
export function useSiteDetailsMutation() {
  const api = useApi();
  return useMutation({ mutationFn: (websiteUrl: string) => readSiteDetails(api, websiteUrl) });
}

/** POST /chatbots; the list is refetched (the answer holds only the new assistant's summary). */
export function useCreateChatbotMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: CreateChatbotRequest) => createChatbot(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatbotKeys.list(userId) }),
  });
}

/** PATCH /chatbots/{id} */
export function useUpdateChatbotMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateChatbotRequest }) => updateChatbot(api, id, changes),
    onSuccess: (chatbot) => storeChatbot(queryClient, userId, chatbot),
  });
}

/** PUT /chatbots/{id}/active */
export function useSetChatbotActiveMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setChatbotActive(api, id, isActive),
    onSuccess: (chatbot) => storeChatbot(queryClient, userId, chatbot),
  });
}

/** DELETE /chatbots/{id}: gone from the list, its detail and crawl caches dropped. */
export function useDeleteChatbotMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => deleteChatbot(api, id),
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<Chatbot[]>({ queryKey: chatbotKeys.list(userId) }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: chatbotKeys.detail(userId, id) });
      queryClient.removeQueries({ queryKey: chatbotKeys.crawl(userId, id) });
    },
  });
}

/** POST /chatbots/{id}/crawl/retry; the crawl status (polled again) and the list follow the new reading. */
export function useRetryCrawlMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => retryCrawl(api, id),
    onSuccess: (status, id) => {
      queryClient.setQueryData(chatbotKeys.crawl(userId, id), status);
      void queryClient.invalidateQueries({ queryKey: chatbotKeys.list(userId) });
    },
  });
}
