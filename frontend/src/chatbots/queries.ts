import type { Chatbot } from '@contracts/chatbot';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { isCrawlFinished } from '@/chatbots/crawl-stage';
import { ApiError, useApi } from '@/lib/api';
import { getChatbot, getCrawlStatus, listChatbots } from '@/lib/chatbots-api';

/** How often a running crawl is polled. */
export const CRAWL_POLL_MS = 1000;
/** How often an assistant re-indexing a knowledge change is polled, until its quality is final. */
export const KNOWLEDGE_POLL_MS = 1000;

const updating = (chatbots: readonly Chatbot[] | undefined) => Boolean(chatbots?.some((c) => c.knowledge_update === 'updating'));

/** GET /chatbots for the signed-in user. */
export function useChatbotsQuery() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.list(userId),
    queryFn: ({ signal }) => listChatbots(api, signal),
    enabled: userId !== '',
    refetchInterval: (query) => (updating(query.state.data) ? KNOWLEDGE_POLL_MS : false),
  });
}

/** GET /chatbots?sort=business_name for the signed-in user (assistant selectors). */
export function useChatbotsByNameQuery() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.listByName(userId),
    queryFn: ({ signal }) => listChatbots(api, signal, 'business_name'),
    enabled: userId !== '',
  });
}

/** GET /chatbots/{id}; disabled without an id. */
export function useChatbotQuery(id: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.detail(userId, id ?? ''),
    queryFn: ({ signal }) => getChatbot(api, id ?? '', signal),
    enabled: userId !== '' && Boolean(id),
    refetchInterval: (query) => (updating(query.state.data ? [query.state.data] : undefined) ? KNOWLEDGE_POLL_MS : false),
  });
}

/**
 * GET /chatbots/{id}/crawl, polled every second until the crawl is done or failed (or the assistant
 * is gone: a 4xx ends the polling too).
 */
export function useCrawlStatusQuery(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: chatbotKeys.crawl(userId, id ?? ''),
    queryFn: ({ signal }) => getCrawlStatus(api, id ?? '', signal),
    enabled: enabled && userId !== '' && Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (data && isCrawlFinished(data.progress.stage)) return false;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return CRAWL_POLL_MS;
    },
  });
}
