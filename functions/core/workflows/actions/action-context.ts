import type { TriggerData } from '../../../contracts/workflows.js';
import type { ExecutionRef } from '../start-execution.js';

/** What an action knows of its execution. */
export interface ActionContext {
  execution: ExecutionRef;
  trigger: TriggerData;
  now: Date;
}

/** Said by the actions that work on a conversation when a test run (sample data) has none. */
export const NO_CONVERSATION = 'Test run with sample data: there is no conversation';
