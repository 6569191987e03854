import { db } from '../data/db.js';
import type { ExecutionRef } from './start-execution.js';

/** The state machine's Catch output: Error is the error's name, Cause (for a Lambda task) Lambda's JSON of it. */
export interface CaughtError {
  Error?: string;
  Cause?: unknown;
}

const GENERIC_FAILURE = 'The workflow failed';

/** What the owner reads in the history: the action's own message, not Step Functions' wrapping. */
export function failureMessage(error: CaughtError | undefined): string {
  const cause = error?.Cause;
  if (typeof cause === 'string') {
    try {
      const parsed = JSON.parse(cause) as { errorMessage?: unknown };
      if (typeof parsed.errorMessage === 'string' && parsed.errorMessage) return parsed.errorMessage;
    } catch {
      if (cause.trim()) return cause.trim().slice(0, 1000);
    }
  }
  if (error?.Error === 'States.Timeout') return 'An action took too long and was stopped';
  return error?.Error ? `${GENERIC_FAILURE} (${error.Error})` : GENERIC_FAILURE;
}

/** The last task of an execution: completed, or failed with the error the state machine caught. */
export async function finishWorkflowExecution(
  execution: ExecutionRef,
  status: 'completed' | 'failed',
  error?: CaughtError,
  now = new Date(),
): Promise<{ status: 'completed' | 'failed' }> {
  await db()
    .entities.workflowExecution.patch({ chatbot_id: execution.chatbot_id, execution_id: execution.execution_id })
    .set({ status, finished_at: now.toISOString(), ...(status === 'failed' && { error_message: failureMessage(error) }) })
    .go();
  return { status };
}
