import { createHash } from 'node:crypto';
import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, UpdateScheduleCommand, type CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { CRAWL_SCHEDULE_PREFIX } from '../../../../lib/crawl-definition.js';
import type { SyncFrequency } from '../../../contracts/chatbot.js';
import { requireEnv } from '../../runtime/env.js';
import { schedulerClient } from '../../workflows/schedules.js';
import type { ReadingInput } from './start-reading.js';

/** The schedule of an assistant's re-syncs (the grant names only this prefix, lib/crawl-definition.ts). */
export const syncScheduleName = (chatbotId: string) => `${CRAWL_SCHEDULE_PREFIX}${chatbotId}`;

const CRON_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/**
 * When an assistant's re-syncs run (UTC): a time of night spread by its id, so that not every
 * assistant reads its site at the same minute; weekly ones on a weekday spread the same way.
 */
export function syncSlot(chatbotId: string): { minute: number; hour: number; day: number } {
  const digest = createHash('sha256').update(chatbotId).digest();
  return { minute: digest[0]! % 60, hour: digest[1]! % 6, day: digest[2]! % 7 };
}

export function syncExpression(chatbotId: string, frequency: Exclude<SyncFrequency, 'never'>): string {
  const { minute, hour, day } = syncSlot(chatbotId);
  return frequency === 'daily' ? `cron(${minute} ${hour} * * ? *)` : `cron(${minute} ${hour} ? * ${CRON_DAYS[day]} *)`;
}

/** The next time a schedule of this frequency reads the site, after `now` (null: never). */
export function nextSyncAt(chatbotId: string, frequency: SyncFrequency, now = new Date()): string | null {
  if (frequency === 'never') return null;
  const { minute, hour, day } = syncSlot(chatbotId);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute));
  while (next <= now || (frequency === 'weekly' && next.getUTCDay() !== day)) next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * Makes EventBridge Scheduler match the assistant's re-sync frequency: Daily or Weekly has its schedule
 * (created or replaced), starting the crawl state machine with a re-sync of this assistant; Never has none.
 */
export async function setSyncSchedule(chatbotId: string, frequency: SyncFrequency): Promise<void> {
  if (frequency === 'never') return deleteSyncSchedule(chatbotId);
  const input: ReadingInput = { chatbot_id: chatbotId, kind: 'sync', trigger: 'schedule' };
  const schedule: CreateScheduleCommandInput = {
    Name: syncScheduleName(chatbotId),
    ScheduleExpression: syncExpression(chatbotId, frequency),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    State: 'ENABLED',
    Description: `Re-sync of assistant ${chatbotId} (${frequency})`,
    Target: {
      Arn: requireEnv('CRAWL_SCHEDULE_TARGET_ARN'),
      RoleArn: requireEnv('CRAWL_SCHEDULER_ROLE_ARN'),
      Input: JSON.stringify(input),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
  };
  try {
    await schedulerClient().send(new UpdateScheduleCommand(schedule));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await schedulerClient().send(new CreateScheduleCommand(schedule));
  }
}

export async function deleteSyncSchedule(chatbotId: string): Promise<void> {
  try {
    await schedulerClient().send(new DeleteScheduleCommand({ Name: syncScheduleName(chatbotId) }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
