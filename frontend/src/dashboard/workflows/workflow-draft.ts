import {
  saveWorkflowRequestSchema,
  type SaveWorkflowRequest,
  type UserAction,
  type Workflow,
  type WorkflowActionType,
  type WorkflowTriggerType,
  weekdays,
} from '@contracts/workflows';

type Weekday = (typeof weekdays)[number];

/** One action as the dialog edits it: every field a text box holds, whatever the type uses. */
export interface ActionDraft {
  type: WorkflowActionType;
  message: string;
  to: string;
  subject: string;
  fromPhone: string;
  toPhone: string;
  /** Comma-separated. */
  tags: string;
  title: string;
  dueInHours: string;
  url: string;
  /** wait: seconds. */
  delay: string;
  smsSchedule: 'immediate' | 'delay' | 'specific_time';
  delayMinutes: string;
  /** A datetime-local value (the browser's time zone). */
  specificTime: string;
}

export interface WorkflowDraft {
  name: string;
  description: string;
  triggerType: WorkflowTriggerType;
  /** Comma-separated (spec 001 section 5). */
  keywords: string;
  intent: string;
  /** Comma-separated example phrases of the intent. */
  examples: string;
  userAction: UserAction;
  repeat: 'once' | 'daily' | 'weekly';
  date: string;
  time: string;
  days: Weekday[];
  timezone: string;
  actions: ActionDraft[];
  isActive: boolean;
}

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export function emptyAction(type: WorkflowActionType = 'send_message'): ActionDraft {
  return {
    type,
    message: '',
    to: '',
    subject: '',
    fromPhone: '',
    toPhone: '{{customer_phone}}',
    tags: '',
    title: '',
    dueInHours: '24',
    url: '',
    delay: '60',
    smsSchedule: 'immediate',
    delayMinutes: '5',
    specificTime: '',
  };
}

export function emptyDraft(): WorkflowDraft {
  return {
    name: '',
    description: '',
    triggerType: 'keyword',
    keywords: '',
    intent: '',
    examples: '',
    userAction: 'conversation_started',
    repeat: 'daily',
    date: '',
    time: '09:00',
    days: ['mon'],
    timezone: browserTimeZone(),
    actions: [emptyAction()],
    isActive: true,
  };
}

/** A datetime-local value for an ISO instant, in the browser's time zone. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const list = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : text(value));

/** The dialog's draft of a stored workflow (Edit). */
export function draftOf(workflow: Workflow): WorkflowDraft {
  const conditions = workflow.trigger_conditions;
  const schedule = (conditions.schedule ?? {}) as Record<string, unknown>;
  const base = emptyDraft();
  return {
    ...base,
    name: workflow.name,
    description: workflow.description,
    triggerType: workflow.trigger_type,
    keywords: list(conditions.keywords),
    intent: text(conditions.intent),
    examples: list(conditions.examples),
    userAction: (conditions.action as UserAction | undefined) ?? base.userAction,
    repeat: (schedule.repeat as WorkflowDraft['repeat'] | undefined) ?? base.repeat,
    date: text(schedule.date),
    time: text(schedule.time) || base.time,
    days: (schedule.days as Weekday[] | undefined) ?? base.days,
    timezone: text(schedule.timezone) || base.timezone,
    isActive: workflow.is_active,
    actions: workflow.actions.map((action) => {
      const config = (action.config ?? {}) as Record<string, unknown>;
      const smsSchedule = (action.schedule ?? {}) as Record<string, unknown>;
      return {
        ...emptyAction(action.type as WorkflowActionType),
        message: text(config.message),
        to: text(config.to),
        subject: text(config.subject),
        fromPhone: text(config.from_phone),
        toPhone: text(config.to_phone) || '{{customer_phone}}',
        tags: list(config.tags),
        title: text(config.title),
        dueInHours: text(config.due_in_hours) || '24',
        url: text(config.url),
        delay: text(action.delay) || '60',
        smsSchedule: (smsSchedule.type as ActionDraft['smsSchedule'] | undefined) ?? 'immediate',
        delayMinutes: text(smsSchedule.delay_minutes) || '5',
        specificTime: smsSchedule.specific_time ? localDateTime(text(smsSchedule.specific_time)) : '',
      };
    }),
  };
}

function actionRequest(action: ActionDraft): SaveWorkflowRequest['actions'][number] {
  switch (action.type) {
    case 'send_message':
      return { type: 'send_message', config: { message: action.message } };
    case 'send_email':
      return { type: 'send_email', config: { to: action.to, subject: action.subject, message: action.message } };
    case 'send_sms': {
      const specific = action.specificTime ? new Date(action.specificTime) : undefined;
      return {
        type: 'send_sms',
        config: { from_phone: action.fromPhone, to_phone: action.toPhone, message: action.message },
        schedule: {
          type: action.smsSchedule,
          ...(action.smsSchedule === 'delay' && { delay_minutes: action.delayMinutes }),
          ...(action.smsSchedule === 'specific_time' && {
            specific_time: specific && !Number.isNaN(specific.getTime()) ? specific.toISOString() : '',
          }),
        },
      };
    }
    case 'tag_contact':
      return { type: 'tag_contact', config: { tags: action.tags } };
    case 'create_task':
      return { type: 'create_task', config: { title: action.title, due_in_hours: action.dueInHours } };
    case 'webhook':
      return { type: 'webhook', config: { url: action.url } };
    case 'wait':
      return { type: 'wait', config: {}, delay: action.delay };
  }
}

function triggerRequest(draft: WorkflowDraft): Pick<SaveWorkflowRequest, 'trigger_type' | 'trigger_conditions'> {
  switch (draft.triggerType) {
    case 'keyword':
      return { trigger_type: 'keyword', trigger_conditions: { keywords: draft.keywords } };
    case 'intent':
      return { trigger_type: 'intent', trigger_conditions: { intent: draft.intent, examples: draft.examples } };
    case 'user_action':
      return { trigger_type: 'user_action', trigger_conditions: { action: draft.userAction } };
    case 'time_based':
      return {
        trigger_type: 'time_based',
        trigger_conditions: {
          schedule: {
            repeat: draft.repeat,
            time: draft.time,
            timezone: draft.timezone,
            ...(draft.repeat === 'once' && { date: draft.date }),
            ...(draft.repeat === 'weekly' && { days: draft.days }),
          },
        },
      };
  }
}

/** What the API is sent: the server normalises it with the same contract (keywords split, numbers read). */
export function requestOf(draft: WorkflowDraft): SaveWorkflowRequest {
  const fields = { name: draft.name, description: draft.description, actions: draft.actions.map(actionRequest), is_active: draft.isActive };
  // TypeScript loses the trigger's discriminant through a spread of the union.
  return { ...triggerRequest(draft), ...fields } as SaveWorkflowRequest;
}

/** Field errors by path ('name', 'trigger_conditions.keywords', 'actions.0.config.from_phone', ...). */
export type DraftErrors = Record<string, string>;

/**
 * The server's rules, checked in the form first (the same contract): the first problem of each field,
 * keyed by its path; empty when the draft can be saved.
 */
export function validateDraft(draft: WorkflowDraft): DraftErrors {
  const parsed = saveWorkflowRequestSchema.safeParse(requestOf(draft));
  if (parsed.success) return {};
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The error of an action's field, wherever in the action the contract put it. */
export function actionError(errors: DraftErrors, index: number, field: string): string | undefined {
  return errors[`actions.${index}.${field}`] ?? errors[`actions.${index}.config.${field}`] ?? errors[`actions.${index}.schedule.${field}`];
}
