import * as z from 'zod';
import { wholeNumberText } from './whole-number-text.js';

/** Spec 001 section 9. */
export const workflowTriggerTypes = ['keyword', 'intent', 'time_based', 'user_action'] as const;
export type WorkflowTriggerType = (typeof workflowTriggerTypes)[number];
export const workflowActionTypes = ['send_message', 'send_email', 'send_sms', 'tag_contact', 'create_task', 'webhook', 'wait'] as const;
export type WorkflowActionType = (typeof workflowActionTypes)[number];
export const smsScheduleTypes = ['immediate', 'delay', 'specific_time'] as const;

/** What a visitor does that a user_action trigger can start a workflow on. */
export const userActions = ['conversation_started', 'handoff_requested', 'negative_feedback', 'contact_details_given', 'widget_opened'] as const;
export type UserAction = (typeof userActions)[number];

export const scheduleRepeats = ['once', 'daily', 'weekly'] as const;
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Limits: a workflow's actions, and the executions one owner's workflows may run per UTC day. */
export const MAX_WORKFLOW_ACTIONS = 20;
export const DAILY_WORKFLOW_EXECUTIONS = 500;
/** Spec 001 section 9: the Execution History shows the last 20. */
export const LISTED_WORKFLOW_EXECUTIONS = 20;
/** Step Functions runs an execution for at most a year; a wait cannot outlast it. */
export const MAX_WAIT_SECONDS = 365 * 24 * 3600 - 3600;

/** The placeholders messages may contain, filled in from the trigger (contact, message, business). */
export const messagePlaceholders = ['contact_name', 'customer_phone', 'message', 'business_name'] as const;

/** Spec 001 section 5: E.164, a plus sign, a non-zero digit, 7 to 15 digits in total after the plus. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const EXAMPLE_PHONE = '+14155552671';
export const INVALID_SENDER_PHONE = `Please enter a valid sender phone number in E.164 format (e.g., ${EXAMPLE_PHONE}).`;
export const EMPTY_SMS_MESSAGE = 'SMS message content cannot be empty.';

const requiredText = (message: string, max = 2000) =>
  z.string(message).trim().min(1, message).max(max, `At most ${wholeNumberText(max)} characters`);

/** Spec 001 section 5: "seconds as a number" / "minutes as a number": a number, or a numeric string a form sends. */
const wholeNumber = (what: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z
      .number(`${what} must be a number`)
      .int(`${what} must be a whole number`)
      .min(min, `${what} must be at least ${min}`)
      .max(max, `${what} must be at most ${wholeNumberText(max)}`),
  );

/** Spec 001 section 5: comma-separated, trimmed, empties dropped (a list of already split words also passes). */
export function splitKeywords(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((k) => k.split(','));
  return [...new Set(parts.map((k) => k.trim()).filter((k) => k !== ''))];
}

const keywordList = (emptyMessage: string) =>
  z
    .union([z.string(), z.array(z.string())], emptyMessage)
    .transform(splitKeywords)
    .pipe(z.array(z.string().max(100, 'Keywords can be at most 100 characters')).min(1, emptyMessage).max(50, 'At most 50 keywords'));

const emailAddress = z.string('Please enter an e-mail address').trim().toLowerCase().email('Please enter a valid e-mail address');
const phoneOrPlaceholder = z
  .string()
  .trim()
  .refine((value) => value === '{{customer_phone}}' || E164_PATTERN.test(value), {
    message: `Please enter the recipient's phone number in E.164 format (e.g., ${EXAMPLE_PHONE}) or {{customer_phone}}.`,
  });

/** Where a webhook may post: https only, no credentials in the address (the SSRF rules apply when it runs). */
const webhookUrl = z
  .string('Please enter the webhook URL')
  .trim()
  .min(1, 'Please enter the webhook URL')
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'The webhook URL must be a valid https:// address');

const smsSchedule = z
  .object({
    type: z.enum(smsScheduleTypes, 'The schedule must be immediate, delay or specific_time'),
    delay_minutes: wholeNumber('The SMS delay (minutes)', 1, MAX_WAIT_SECONDS / 60).optional(),
    specific_time: z.string().trim().optional(),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.type === 'delay' && schedule.delay_minutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['delay_minutes'], message: 'The SMS delay (minutes) must be a number' });
    }
    if (schedule.type === 'specific_time') {
      const at = schedule.specific_time ? Date.parse(schedule.specific_time) : Number.NaN;
      if (Number.isNaN(at)) ctx.addIssue({ code: 'custom', path: ['specific_time'], message: 'Please choose the date and time to send the SMS' });
    }
  })
  .transform((schedule) => ({
    type: schedule.type,
    ...(schedule.type === 'delay' && { delay_minutes: schedule.delay_minutes }),
    ...(schedule.type === 'specific_time' && { specific_time: new Date(schedule.specific_time!).toISOString() }),
  }));

const action = <T extends WorkflowActionType, C extends z.ZodType>(type: T, config: C) =>
  z.object({ type: z.literal(type), config });

/** Spec 001 "workflow action": type, config, delay, schedule. */
export const workflowActionSchema = z.discriminatedUnion(
  'type',
  [
    action('send_message', z.object({ message: requiredText('Message content cannot be empty.') })),
    action(
      'send_email',
      z.object({
        to: emailAddress,
        subject: requiredText('Please enter a subject', 200),
        message: requiredText('E-mail message content cannot be empty.', 10_000),
      }),
    ),
    action(
      'send_sms',
      z.object({
        from_phone: z.string(INVALID_SENDER_PHONE).trim().regex(E164_PATTERN, INVALID_SENDER_PHONE),
        to_phone: phoneOrPlaceholder.default('{{customer_phone}}'),
        message: requiredText(EMPTY_SMS_MESSAGE, 1600),
      }),
    ).extend({ schedule: smsSchedule.default({ type: 'immediate' }) }),
    action('tag_contact', z.object({ tags: keywordList('Please enter at least one tag') })),
    action(
      'create_task',
      z.object({
        title: requiredText('Please enter a task title', 200),
        due_in_hours: wholeNumber('The due time (hours)', 0, 24 * 365).default(24),
      }),
    ),
    action('webhook', z.object({ url: webhookUrl })),
    z.object({
      type: z.literal('wait'),
      config: z.object({}).default({}),
      delay: wholeNumber('The delay (seconds)', 1, MAX_WAIT_SECONDS),
    }),
  ],
  { error: `The action type must be one of ${workflowActionTypes.join(', ')}` },
);
export type WorkflowAction = z.output<typeof workflowActionSchema>;
export type WorkflowActionInput = z.input<typeof workflowActionSchema>;

const timeOfDay = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time like 09:30');
const timeZone = z
  .string('Please choose a time zone')
  .trim()
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone !== '';
    } catch {
      return false;
    }
  }, 'Please choose a valid time zone (such as Europe/London)');

/** time_based: once at a date and time, daily at a time, or weekly on some days at a time, in a time zone. */
export const workflowScheduleSchema = z
  .object({
    repeat: z.enum(scheduleRepeats, 'The schedule must repeat once, daily or weekly'),
    /** once: the local date (YYYY-MM-DD). */
    date: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a date').optional(),
    time: timeOfDay,
    /** weekly: the days it runs. */
    days: z.array(z.enum(weekdays)).optional(),
    timezone: timeZone,
  })
  .superRefine((schedule, ctx) => {
    if (schedule.repeat === 'once' && !schedule.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please choose a date' });
    if (schedule.repeat === 'weekly' && !schedule.days?.length) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Please choose at least one day of the week' });
    }
  })
  .transform((schedule) => ({
    repeat: schedule.repeat,
    time: schedule.time,
    timezone: schedule.timezone,
    ...(schedule.repeat === 'once' && { date: schedule.date }),
    ...(schedule.repeat === 'weekly' && { days: [...new Set(schedule.days)] }),
  }));
export type WorkflowSchedule = z.output<typeof workflowScheduleSchema>;

const triggerVariants = [
  z.object({ trigger_type: z.literal('keyword'), trigger_conditions: z.object({ keywords: keywordList('Please enter at least one keyword') }) }),
  z.object({
    trigger_type: z.literal('intent'),
    trigger_conditions: z.object({
      intent: requiredText('Please name the intent', 100),
      examples: keywordList('Please enter at least one example phrase').pipe(z.array(z.string()).max(20, 'At most 20 example phrases')),
    }),
  }),
  z.object({
    trigger_type: z.literal('user_action'),
    trigger_conditions: z.object({ action: z.enum(userActions, `The user action must be one of ${userActions.join(', ')}`) }),
  }),
  z.object({ trigger_type: z.literal('time_based'), trigger_conditions: z.object({ schedule: workflowScheduleSchema }) }),
] as const;

const workflowFields = z.object({
  name: requiredText('Please enter a workflow name', 100),
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
  actions: z
    .array(workflowActionSchema, 'Please add at least one action')
    .min(1, 'Please add at least one action')
    .max(MAX_WORKFLOW_ACTIONS, `A workflow can have at most ${MAX_WORKFLOW_ACTIONS} actions`),
  is_active: z.boolean().default(true),
});

/** POST /chatbots/{id}/workflows and PUT /chatbots/{id}/workflows/{workflowId}: the whole workflow. */
export const saveWorkflowRequestSchema = z
  .discriminatedUnion('trigger_type', [...triggerVariants], {
    error: `The trigger type must be one of ${workflowTriggerTypes.join(', ')}`,
  })
  .and(workflowFields);
export type SaveWorkflowRequest = z.input<typeof saveWorkflowRequestSchema>;
export type SaveWorkflow = z.output<typeof saveWorkflowRequestSchema>;
export type TriggerConditions = SaveWorkflow['trigger_conditions'];

export const setWorkflowActiveRequestSchema = z.object({ is_active: z.boolean('is_active must be true or false') });

/** Spec 001 "workflow". */
export const workflowSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  name: z.string(),
  description: z.string(),
  trigger_type: z.enum(workflowTriggerTypes),
  trigger_conditions: z.record(z.string(), z.unknown()),
  actions: z.array(z.record(z.string(), z.unknown())),
  is_active: z.boolean(),
  execution_count: z.number(),
  last_executed_at: z.string().nullable(),
  /** Signs the webhook actions' requests (X-Assistly-Signature: sha256=HMAC of the body). */
  webhook_secret: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowExecutionStatuses = ['running', 'completed', 'failed'] as const;

/** What one action did: shown under the execution in the history. */
export const actionResultSchema = z.object({
  index: z.number(),
  type: z.enum(workflowActionTypes),
  detail: z.string(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

/** Spec 001 "workflow_execution", with its workflow's name. */
export const workflowExecutionSchema = z.object({
  id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  status: z.enum(workflowExecutionStatuses),
  actions_executed: z.number(),
  action_results: z.array(actionResultSchema),
  trigger_data: z.record(z.string(), z.unknown()),
  error_message: z.string().nullable(),
  executed_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WorkflowExecution = z.infer<typeof workflowExecutionSchema>;

/**
 * What started an execution, kept on it (spec 001 "trigger_data") and used to fill the placeholders of
 * its messages. A test run carries sample data and no conversation.
 */
export const triggerDataSchema = z.object({
  source: z.enum(['test', ...workflowTriggerTypes]),
  message: z.string().optional(),
  contact_name: z.string().optional(),
  customer_phone: z.string().optional(),
  customer_email: z.string().optional(),
  business_name: z.string().optional(),
  conversation_id: z.string().optional(),
  contact_id: z.string().optional(),
  /** The keyword or user action that matched. */
  matched: z.string().optional(),
});
export type TriggerData = z.infer<typeof triggerDataSchema>;

export const workflowResponseSchema = z.object({ workflow: workflowSchema });
export const workflowListResponseSchema = z.object({ workflows: z.array(workflowSchema) });
export const workflowExecutionListResponseSchema = z.object({ executions: z.array(workflowExecutionSchema) });
export const runWorkflowTestResponseSchema = z.object({ execution: workflowExecutionSchema });
export const deleteWorkflowResponseSchema = z.object({ deleted: z.literal(true) });
