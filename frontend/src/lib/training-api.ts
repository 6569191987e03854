import {
  correctTrainingRecordResponseSchema,
  trainingRecordListResponseSchema,
  trainingRecordResponseSchema,
  type CorrectTrainingRecordRequest,
  type CreateTrainingRecordRequest,
  type TrainingRecord,
} from '@contracts/training';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

const recordsPath = (chatbotId: string) => `${chatbotPath(chatbotId)}/training-records`;

/** GET /chatbots/{id}/training-records: the assistant's rated replies, newest first. */
export async function listTrainingRecords(api: ApiClient, chatbotId: string, signal?: AbortSignal): Promise<TrainingRecord[]> {
  const { records } = await api.request(recordsPath(chatbotId), { schema: trainingRecordListResponseSchema, signal });
  return records;
}

/** POST /chatbots/{id}/training-records: a rating of a reply of the Interactive tab. */
export async function createTrainingRecord(
  api: ApiClient,
  chatbotId: string,
  body: CreateTrainingRecordRequest,
): Promise<TrainingRecord> {
  const { record } = await api.request(recordsPath(chatbotId), { method: 'POST', body, schema: trainingRecordResponseSchema });
  return record;
}

/** PATCH /chatbots/{id}/training-records/{recordId}: a better response, also saved as a correction. */
export async function correctTrainingRecord(
  api: ApiClient,
  chatbotId: string,
  recordId: string,
  body: CorrectTrainingRecordRequest,
): Promise<TrainingRecord> {
  const { record } = await api.request(`${recordsPath(chatbotId)}/${encodeURIComponent(recordId)}`, {
    method: 'PATCH',
    body,
    schema: correctTrainingRecordResponseSchema,
  });
  return record;
}
