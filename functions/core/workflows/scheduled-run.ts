import type { WorkflowSchedule } from '../../contracts/workflows.js';
import { db } from '../data/db.js';
import { DAILY_CAP_REACHED } from './daily-cap.js';
import { beginExecution, type StateMachineInput } from './start-execution.js';

/** The input EventBridge Scheduler gives the state machine for a time-based workflow. */
export interface ScheduledRef {
  chatbot_id: string;
  workflow_id: string;
}

export type ScheduledRun = ({ skip: false } & StateMachineInput) | { skip: true; reason: string };

/** How the history names the schedule that started an execution ("daily at 09:30 (Europe/London)"). */
export function describeSchedule(schedule: WorkflowSchedule): string {
  const when = schedule.repeat === 'once' ? `once on ${schedule.date}` : schedule.repeat === 'daily' ? 'daily' : `weekly on ${schedule.days?.join(', ')}`;
  return `${when} at ${schedule.time} (${schedule.timezone})`;
}

/**
 * The first task of a scheduled execution: records it like any other, unless the workflow was deleted,
 * paused or changed to another trigger since the schedule was written (then nothing runs).
 */
export async function startScheduledRun(ref: ScheduledRef, now = new Date()): Promise<ScheduledRun> {
  const [{ data: workflow }, { data: chatbot }] = await Promise.all([
    db().entities.workflow.get({ chatbot_id: ref.chatbot_id, workflow_id: ref.workflow_id }).go(),
    db().entities.chatbot.get({ chatbot_id: ref.chatbot_id }).go(),
  ]);
  if (!workflow || !chatbot) return { skip: true, reason: 'The workflow or its assistant was deleted' };
  if (workflow.is_active === false) return { skip: true, reason: 'The workflow is paused' };
  if (workflow.trigger_type !== 'time_based') return { skip: true, reason: 'The workflow is no longer time-based' };
  const { schedule } = workflow.trigger_conditions as { schedule: WorkflowSchedule };
  const { input } = await beginExecution(workflow, { source: 'time_based', matched: describeSchedule(schedule), business_name: chatbot.business_name }, now);
  // Refused by the daily cap: the history already shows the refused execution and why.
  if (!input) return { skip: true, reason: DAILY_CAP_REACHED };
  return { skip: false, ...input };
}
