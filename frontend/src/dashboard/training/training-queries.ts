import type { CorrectTrainingRecordRequest, CreateTrainingRecordRequest, TrainingRecord } from '@contracts/training';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import { correctTrainingRecord, createTrainingRecord, listTrainingRecords } from '@/lib/training-api';

const trainingKeys = {
  records: (userId: string, chatbotId: string) => ['training', userId, 'records', chatbotId] as const,
};

/** GET /chatbots/{id}/training-records (newest first); disabled without an assistant. */
export function useTrainingRecordsQuery(chatbotId: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: trainingKeys.records(userId, chatbotId ?? ''),
    queryFn: ({ signal }) => listTrainingRecords(api, chatbotId ?? '', signal),
    enabled: userId !== '' && Boolean(chatbotId),
  });
}

/** Ratings and corrections change the assistant's training_quality: its cached copies are stale. */
function afterTraining(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: chatbotKeys.all(userId) });
}

/** POST a rating; the new record joins the cached list at the top. */
export function useRateReplyMutation(chatbotId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: CreateTrainingRecordRequest) => createTrainingRecord(api, chatbotId, body),
    onSuccess: (record) => {
      queryClient.setQueryData<TrainingRecord[]>(trainingKeys.records(userId, chatbotId), (list) => [record, ...(list ?? [])]);
      afterTraining(queryClient, userId);
    },
  });
}

/** PATCH a better response onto a record (the server also saves it as a correction). */
export function useCorrectRecordMutation(chatbotId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ recordId, ...body }: CorrectTrainingRecordRequest & { recordId: string }) =>
      correctTrainingRecord(api, chatbotId, recordId, body),
    onSuccess: (record) => {
      queryClient.setQueryData<TrainingRecord[]>(trainingKeys.records(userId, chatbotId), (list) =>
        list?.map((item) => (item.id === record.id ? record : item)),
      );
      afterTraining(queryClient, userId);
    },
  });
}

/** After a correction that has no record (an unrated reply). */
export function useInvalidateTrainedChatbot() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return () => afterTraining(queryClient, userId);
}
