import * as z from 'zod';
import { triggerDataSchema, workflowActionSchema } from '../contracts/workflows.js';
import { observed } from '../core/runtime/observability.js';
import { escalateTransfer } from '../core/transfers/escalation-timer.js';
import { ActionFailedError } from '../core/workflows/action-errors.js';
import { finishWorkflowExecution } from '../core/workflows/finish-execution.js';
import { runWorkflowAction } from '../core/workflows/run-action.js';
import { startScheduledRun } from '../core/workflows/scheduled-run.js';

const executionSchema = z.object({
  chatbot_id: z.string().min(1),
  execution_id: z.string().min(1),
  workflow_id: z.string().min(1),
  trigger_data: triggerDataSchema,
});

/** The payloads workflows/run-workflow.asl.json sends. */
const eventSchema = z.discriminatedUnion('step', [
  // An agent transfer's escalation timeout has passed (core/transfers/escalation-timer.ts).
  z.object({
    step: z.literal('escalate'),
    escalation: z.object({ chatbot_id: z.string().min(1), transfer_id: z.string().min(1), transferred_at: z.string().min(1) }),
  }),
  z.object({ step: z.literal('schedule'), scheduled: z.object({ chatbot_id: z.string().min(1), workflow_id: z.string().min(1) }) }),
  z.object({
    step: z.literal('action'),
    execution: executionSchema,
    action: z.intersection(
      workflowActionSchema,
      z.object({ index: z.number().int().min(0), wait_seconds: z.number().min(0), wait_until: z.string().optional() }),
    ),
  }),
  z.object({
    step: z.literal('finish'),
    execution: executionSchema,
    status: z.enum(['completed', 'failed']),
    error: z.object({ Error: z.string().optional(), Cause: z.unknown().optional() }).optional(),
  }),
]);

/**
 * A task of the workflow state machine (never API Gateway): a scheduled run's record, one action, how
 * it ended, or an agent transfer's escalation timeout.
 */
export const handler = observed(async (event: unknown) => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) throw new ActionFailedError(`The task input is not valid: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  const input = parsed.data;
  if (input.step === 'escalate') return escalateTransfer(input.escalation);
  if (input.step === 'schedule') return startScheduledRun(input.scheduled);
  if (input.step === 'finish') return finishWorkflowExecution(input.execution, input.status, input.error);
  return runWorkflowAction(input.execution, input.action);
});
