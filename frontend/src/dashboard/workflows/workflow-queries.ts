import type { SaveWorkflowRequest, Workflow } from '@contracts/workflows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { useApi } from '@/lib/api';
import {
  deleteWorkflow,
  listWorkflowExecutions,
  listWorkflows,
  runWorkflowTest,
  saveWorkflow,
  setWorkflowActive,
} from '@/lib/workflows-api';

/** Cache keys of the workflows API, per signed-in user and assistant. */
export const workflowKeys = {
  list: (userId: string, chatbotId: string) => ['workflows', userId, chatbotId, 'list'] as const,
  executions: (userId: string, chatbotId: string) => ['workflows', userId, chatbotId, 'executions'] as const,
};

/** While an execution runs, the history is read again this often. */
export const EXECUTION_POLL_MS = 1500;

export function useWorkflowsQuery(chatbotId: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: workflowKeys.list(userId, chatbotId),
    queryFn: ({ signal }) => listWorkflows(api, chatbotId, signal),
    enabled: userId !== '' && chatbotId !== '',
  });
}

/** The last 20 executions; polled while one of them is still running. */
export function useWorkflowExecutionsQuery(chatbotId: string) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: workflowKeys.executions(userId, chatbotId),
    queryFn: ({ signal }) => listWorkflowExecutions(api, chatbotId, signal),
    enabled: userId !== '' && chatbotId !== '',
    refetchInterval: (query) => (query.state.data?.some((execution) => execution.status === 'running') ? EXECUTION_POLL_MS : false),
  });
}

function useWorkflowCache(chatbotId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const key = workflowKeys.list(userId, chatbotId);
  return {
    put: (workflow: Workflow) =>
      queryClient.setQueryData<Workflow[]>(key, (list = []) =>
        list.some((item) => item.id === workflow.id) ? list.map((item) => (item.id === workflow.id ? workflow : item)) : [workflow, ...list],
      ),
    remove: (id: string) => queryClient.setQueryData<Workflow[]>(key, (list = []) => list.filter((item) => item.id !== id)),
    refreshExecutions: () => queryClient.invalidateQueries({ queryKey: workflowKeys.executions(userId, chatbotId) }),
    refreshWorkflows: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export function useSaveWorkflowMutation(chatbotId: string) {
  const api = useApi();
  const cache = useWorkflowCache(chatbotId);
  return useMutation({
    mutationFn: ({ body, id }: { body: SaveWorkflowRequest; id?: string }) => saveWorkflow(api, chatbotId, body, id),
    onSuccess: cache.put,
  });
}

export function useSetWorkflowActiveMutation(chatbotId: string) {
  const api = useApi();
  const cache = useWorkflowCache(chatbotId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setWorkflowActive(api, chatbotId, id, isActive),
    onSuccess: cache.put,
  });
}

export function useDeleteWorkflowMutation(chatbotId: string) {
  const api = useApi();
  const cache = useWorkflowCache(chatbotId);
  return useMutation({
    mutationFn: (id: string) => deleteWorkflow(api, chatbotId, id),
    onSuccess: (_, id) => cache.remove(id),
  });
}

/** Runs the workflow with sample data; the history (and the workflow's count) then show it. */
export function useRunWorkflowTestMutation(chatbotId: string) {
  const api = useApi();
  const cache = useWorkflowCache(chatbotId);
  return useMutation({
    mutationFn: (id: string) => runWorkflowTest(api, chatbotId, id),
    onSuccess: () => {
      void cache.refreshExecutions();
      void cache.refreshWorkflows();
    },
  });
}
