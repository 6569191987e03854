import { MAX_INBOX_PAGE_SIZE, type ConversationDetailResponse, type ConversationStatus } from '@contracts/inbox';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useUserId } from '@/auth/auth-context';
import { inboxKeys } from '@/inbox/inbox-keys';
import { useApi } from '@/lib/api';
import { getConversation, listConversationTags, listConversations, sendOwnerReply, setConversationStatus } from '@/lib/inbox-api';

/** The inbox list, a page at a time (it scrolls for ever): all assistants, or one; `tag` keeps its contacts. */
export function useConversationListQuery(chatbotId: string | undefined, q: string, tag?: string, enabled = true) {
  const api = useApi();
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: inboxKeys.list(userId, chatbotId, q, tag),
    queryFn: ({ pageParam, signal }) => listConversations(api, { chatbotId, q, tag, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && userId !== '',
  });
}

/** The tags on the contacts of the listed assistants, to filter the list by. */
export function useConversationTagsQuery(chatbotId: string | undefined) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: inboxKeys.tags(userId, chatbotId),
    queryFn: ({ signal }) => listConversationTags(api, chatbotId, signal),
    enabled: userId !== '',
  });
}

export function useConversationQuery(id: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: inboxKeys.detail(userId, id ?? ''),
    queryFn: ({ signal }) => getConversation(api, id ?? '', signal),
    enabled: userId !== '' && Boolean(id),
  });
}

/**
 * The owner's reply. The sent message joins the thread at once; then the thread and the lists are
 * read again (spec 001: afterwards messages and conversations are reloaded). A send in progress
 * blocks another (spec 001 section 5), also a second Enter before React re-renders.
 */
export function useOwnerReply(conversationId: string) {
  const api = useApi();
  const userId = useUserId();
  const client = useQueryClient();
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: (content: string) => sendOwnerReply(api, conversationId, content),
    onSuccess: ({ message }) => {
      client.setQueryData<ConversationDetailResponse>(inboxKeys.detail(userId, conversationId), (old) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      );
      void client.invalidateQueries({ queryKey: inboxKeys.detail(userId, conversationId) });
      void client.invalidateQueries({ queryKey: inboxKeys.lists(userId) });
    },
    onSettled: () => {
      sending.current = false;
    },
  });
  return {
    ...mutation,
    /** False (nothing sent) while another send is in progress. */
    send: (content: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => {
      if (sending.current) return false;
      sending.current = true;
      mutation.mutate(content, callbacks);
      return true;
    },
  };
}

/** Take over, hand back or resolve: the thread shows the new status at once, then the lists and transfers reload. */
export function useConversationStatus(conversationId: string) {
  const api = useApi();
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: ConversationStatus) => setConversationStatus(api, conversationId, status),
    onSuccess: (conversation) => {
      client.setQueryData<ConversationDetailResponse>(inboxKeys.detail(userId, conversationId), (old) => old && { ...old, conversation });
      void client.invalidateQueries({ queryKey: inboxKeys.lists(userId) });
      // Transfer History (dashboard/transfers) shows the transfer's new status.
      void client.invalidateQueries({ queryKey: ['transfers', userId] });
    },
  });
}

/**
 * Conversations with unread visitor messages, for the sidebar. Unread ones are those a visitor wrote to
 * last, so they lead the newest-activity list: counted among the 100 most recently active, shown as
 * '99+' beyond. Refreshed when the inbox changes (live updates, replies) and every minute otherwise.
 */
export function useUnreadConversationCount() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: inboxKeys.unread(userId),
    queryFn: async ({ signal }) => {
      const { conversations } = await listConversations(api, { limit: MAX_INBOX_PAGE_SIZE }, signal);
      return conversations.filter((conversation) => conversation.unread_count > 0).length;
    },
    enabled: userId !== '',
    refetchInterval: 60_000,
  });
}
