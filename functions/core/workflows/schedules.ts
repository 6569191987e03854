import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { WORKFLOW_SCHEDULE_PREFIX } from '../../../lib/workflow-definition.js';
import type { WorkflowSchedule } from '../../contracts/workflows.js';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';
import type { ScheduledRef } from './scheduled-run.js';
import type { StoredWorkflow } from './workflow-record.js';

let cached: { endpoint: string | undefined; client: SchedulerClient } | undefined;

/** One EventBridge Scheduler client per warm Lambda; locally `AWS_ENDPOINT_URL_SCHEDULER` points it at local/services/scheduler.ts. */
export function schedulerClient(): SchedulerClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_SCHEDULER;
  if (!cached || cached.endpoint !== endpoint) {
    cached = { endpoint, client: labelDependencyErrors(new SchedulerClient(awsClientConfig('workflow engine')), 'workflow engine') };
  }
  return cached.client;
}

/** The schedules of workflows, named after them (the grant names only this prefix, lib/workflow-definition.ts). */
export const scheduleName = (workflowId: string) => `${WORKFLOW_SCHEDULE_PREFIX}${workflowId}`;

const CRON_DAYS = { mon: 'MON', tue: 'TUE', wed: 'WED', thu: 'THU', fri: 'FRI', sat: 'SAT', sun: 'SUN' } as const;

/** EventBridge Scheduler's expression for a workflow's schedule, read in its time zone. */
export function scheduleExpression(schedule: WorkflowSchedule): string {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  if (schedule.repeat === 'once') return `at(${schedule.date}T${schedule.time}:00)`;
  if (schedule.repeat === 'daily') return `cron(${minutes} ${hours} * * ? *)`;
  return `cron(${minutes} ${hours} ? * ${(schedule.days ?? []).map((d) => CRON_DAYS[d]).join(',')} *)`;
}

/**
 * Makes EventBridge Scheduler match the workflow: an active time-based workflow has its schedule
 * (created or replaced), any other has none. The schedule starts the state machine with the workflow's
 * ids only; the first task reads the workflow as it is then.
 */
export async function syncWorkflowSchedule(workflow: StoredWorkflow): Promise<void> {
  if (workflow.trigger_type !== 'time_based' || workflow.is_active === false) return deleteWorkflowSchedule(workflow.workflow_id);
  const { schedule } = workflow.trigger_conditions as { schedule: WorkflowSchedule };
  const scheduled: ScheduledRef = { chatbot_id: workflow.chatbot_id, workflow_id: workflow.workflow_id };
  const input: CreateScheduleCommandInput = {
    Name: scheduleName(workflow.workflow_id),
    ScheduleExpression: scheduleExpression(schedule),
    ScheduleExpressionTimezone: schedule.timezone,
    FlexibleTimeWindow: { Mode: 'OFF' },
    State: 'ENABLED',
    Description: `Workflow "${workflow.name}"`.slice(0, 512),
    Target: {
      Arn: requireEnv('WORKFLOW_SCHEDULE_TARGET_ARN'),
      RoleArn: requireEnv('WORKFLOW_SCHEDULER_ROLE_ARN'),
      Input: JSON.stringify({ scheduled }),
      RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
    },
  };
  try {
    await schedulerClient().send(new UpdateScheduleCommand(input));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await schedulerClient().send(new CreateScheduleCommand(input));
  }
}

export async function deleteWorkflowSchedule(workflowId: string): Promise<void> {
  try {
    await schedulerClient().send(new DeleteScheduleCommand({ Name: scheduleName(workflowId) }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
