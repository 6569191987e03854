import type { UserAction, WorkflowActionType, WorkflowTriggerType } from '@contracts/workflows';

export const TRIGGER_LABELS: Record<WorkflowTriggerType, string> = {
  keyword: 'Keyword',
  intent: 'Intent',
  time_based: 'Time-based',
  user_action: 'User action',
};

export const ACTION_LABELS: Record<WorkflowActionType, string> = {
  send_message: 'Send message',
  send_email: 'Send e-mail',
  send_sms: 'Send SMS',
  tag_contact: 'Tag contact',
  create_task: 'Create task',
  webhook: 'Webhook',
  wait: 'Wait',
};

export const USER_ACTION_LABELS: Record<UserAction, string> = {
  conversation_started: 'Conversation started',
  handoff_requested: 'Handoff to a person requested',
  negative_feedback: 'Negative feedback (thumbs down)',
  contact_details_given: 'Contact details given (phone or e-mail)',
  widget_opened: 'Chat widget opened',
};

export const WEEKDAY_LABELS = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' } as const;

/** One line saying what starts a workflow, for its card. */
export function triggerSummary(type: WorkflowTriggerType, conditions: Record<string, unknown>): string {
  switch (type) {
    case 'keyword':
      return `When a visitor says ${(conditions.keywords as string[] | undefined)?.map((k) => `"${k}"`).join(', ') ?? ''}`;
    case 'intent':
      return `When a visitor means "${String(conditions.intent ?? '')}"`;
    case 'user_action':
      return USER_ACTION_LABELS[conditions.action as UserAction] ?? String(conditions.action);
    case 'time_based': {
      const schedule = (conditions.schedule ?? {}) as { repeat?: string; date?: string; time?: string; days?: string[]; timezone?: string };
      const when =
        schedule.repeat === 'once'
          ? `Once on ${schedule.date}`
          : schedule.repeat === 'weekly'
            ? `Every ${(schedule.days ?? []).map((d) => WEEKDAY_LABELS[d as keyof typeof WEEKDAY_LABELS] ?? d).join(', ')}`
            : 'Every day';
      return `${when} at ${schedule.time} (${schedule.timezone})`;
    }
  }
}
