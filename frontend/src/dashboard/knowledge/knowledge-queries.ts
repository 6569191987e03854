import type { CreateKnowledgeEntryRequest, KnowledgeEntry } from '@contracts/knowledge';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import {
  createKnowledgeEntry,
  deleteKnowledgeEntry,
  getKnowledgeEntry,
  listKnowledgeEntries,
  setKnowledgeEntryActive,
  updateKnowledgeEntry,
  type KnowledgeEntryChanges,
} from '@/lib/knowledge-api';

/** Cache keys of the knowledge API, per signed-in user. */
export const knowledgeKeys = {
  list: (userId: string) => ['knowledge', userId, 'list'] as const,
  entry: (userId: string, id: string) => ['knowledge', userId, 'entry', id] as const,
};

/**
 * Entries count towards an assistant's training quality, which the server recomputes on every change:
 * the assistants' cached copies are stale afterwards.
 */
function afterKnowledgeChange(queryClient: QueryClient, userId: string): void {
  void queryClient.invalidateQueries({ queryKey: chatbotKeys.all(userId) });
}

function replaceEntry(queryClient: QueryClient, userId: string, entry: KnowledgeEntry): void {
  queryClient.setQueryData<KnowledgeEntry[]>(knowledgeKeys.list(userId), (list) =>
    list?.map((item) => (item.id === entry.id ? entry : item)),
  );
}

/** GET /knowledge for the signed-in user. */
export function useKnowledgeEntriesQuery() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: knowledgeKeys.list(userId),
    queryFn: ({ signal }) => listKnowledgeEntries(api, signal),
    enabled: userId !== '',
  });
}

/**
 * An entry with its whole content, for editing. A listed entry that is not cut short is already
 * whole; a long one is fetched each time the dialog opens, so it never shows an older text.
 */
export function useWholeKnowledgeEntry(listed: KnowledgeEntry): { entry?: KnowledgeEntry; error: Error | null } {
  const api = useApi();
  const userId = useUserId();
  const isWhole = listed.content.length === listed.content_length;
  const query = useQuery({
    queryKey: knowledgeKeys.entry(userId, listed.id),
    queryFn: ({ signal }) => getKnowledgeEntry(api, listed.id, signal),
    enabled: userId !== '' && !isWhole,
    refetchOnMount: 'always',
  });
  if (isWhole) return { entry: listed, error: null };
  // A cached copy older than the listed entry (edited since) is not shown while the fetch runs.
  const fresh = query.data && !query.isFetching ? query.data : undefined;
  return { entry: fresh, error: query.error };
}

/** Refetches the list (after uploads and FAQ generation, which add entries the client has not seen). */
export function useRefreshKnowledgeEntries(): () => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return async () => {
    afterKnowledgeChange(queryClient, userId);
    await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(userId) });
  };
}

/** POST /knowledge: the new entry goes first (the list is newest first). */
export function useCreateKnowledgeEntryMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: CreateKnowledgeEntryRequest) => createKnowledgeEntry(api, body),
    onSuccess: (entry) => {
      queryClient.setQueryData<KnowledgeEntry[]>(knowledgeKeys.list(userId), (list) => (list ? [entry, ...list] : list));
      afterKnowledgeChange(queryClient, userId);
    },
  });
}

/** PATCH /knowledge/{id} */
export function useUpdateKnowledgeEntryMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: KnowledgeEntryChanges }) => updateKnowledgeEntry(api, id, changes),
    onSuccess: (entry) => {
      replaceEntry(queryClient, userId, entry);
      afterKnowledgeChange(queryClient, userId);
    },
  });
}

/** PUT /knowledge/{id}/active */
export function useSetKnowledgeEntryActiveMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setKnowledgeEntryActive(api, id, isActive),
    onSuccess: (entry) => {
      replaceEntry(queryClient, userId, entry);
      afterKnowledgeChange(queryClient, userId);
    },
  });
}

/** DELETE /knowledge/{id} */
export function useDeleteKnowledgeEntryMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => deleteKnowledgeEntry(api, id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<KnowledgeEntry[]>(knowledgeKeys.list(userId), (list) => list?.filter((item) => item.id !== id));
      afterKnowledgeChange(queryClient, userId);
    },
  });
}
