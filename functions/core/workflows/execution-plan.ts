import type { WorkflowAction } from '../../contracts/workflows.js';

/** One item of the state machine's Map (workflows/run-workflow.asl.json): the action and when it runs. */
export type PlannedAction = WorkflowAction & {
  index: number;
  /** Seconds the Wait state holds before the action (a wait action's delay, an SMS's delay); 0 for none. */
  wait_seconds: number;
  /** An SMS scheduled at a specific time: the Wait state holds until then (ISO 8601, UTC). */
  wait_until?: string;
};

/**
 * The actions in order with their waits. A specific time already past sends at once, as Step Functions'
 * Wait with a past timestamp does; it is not moved to "now" here, so the record shows what was asked.
 */
export function planActions(actions: readonly WorkflowAction[]): PlannedAction[] {
  return actions.map((action, index) => {
    if (action.type === 'wait') return { ...action, index, wait_seconds: action.delay };
    if (action.type === 'send_sms' && action.schedule.type === 'delay') {
      return { ...action, index, wait_seconds: (action.schedule.delay_minutes ?? 0) * 60 };
    }
    if (action.type === 'send_sms' && action.schedule.type === 'specific_time' && action.schedule.specific_time) {
      return { ...action, index, wait_seconds: 0, wait_until: action.schedule.specific_time };
    }
    return { ...action, index, wait_seconds: 0 };
  });
}
