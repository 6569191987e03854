import * as z from 'zod';

/** Spec 001 transfer_settings.agent_availability: when a person can take a transfer. */
export const agentAvailabilities = ['24/7', 'business_hours', 'weekdays', 'custom'] as const;
export type AgentAvailability = (typeof agentAvailabilities)[number];

/**
 * Spec 001 section 4: the statuses of an agent transfer; anything else stored is shown as a problem.
 * 'unanswered' (issue 11): nobody took it within the escalation timeout; a person can still take it.
 */
export const agentTransferStatuses = ['pending', 'in_progress', 'resolved', 'unanswered'] as const;
export type AgentTransferStatus = (typeof agentTransferStatuses)[number];

/** Spec 001 section 9: transfers shown in Transfer History. */
export const LISTED_AGENT_TRANSFERS = 20;

/**
 * What the visitor is told when nobody took their transfer within the escalation timeout (the spec
 * names no text; the fallback message was already their answer when they asked).
 */
export const ESCALATION_TIMEOUT_MESSAGE =
  'Sorry, nobody from our team is free to answer just yet. Your conversation is with them and they will reply here as soon as they can; in the meantime I am happy to keep helping.';

/** Spec 001 sections 5 and 9: the escalation timeout falls back to 300 seconds when invalid. */
export const ESCALATION_TIMEOUT = { min: 30, max: 86_400, fallback: 300 } as const;
export const TRANSFER_LIMITS = { phrase: 100, phrases: 50, emails: 20, message: 1000 } as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be HH:MM on a 24-hour clock, such as 09:00');

/** Hours of 'custom' availability: on these days (0 Sunday to 6 Saturday), from start to end, in the time zone. */
export const customHoursSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Choose at least one day for custom hours')
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    start: clock,
    end: clock,
  })
  .strict()
  .refine((hours) => hours.start < hours.end, { message: 'Custom hours must end after they start', path: ['end'] });
export type CustomHours = z.infer<typeof customHoursSchema>;

/**
 * Answers by zone name, kept: the stored settings are checked on every chat turn, and building a
 * DateTimeFormat to ask took about 0.5 ms of each turn in the chat benchmark's profile.
 */
const knownTimeZones = new Map<string, boolean>([
  // The default zone: ECMA-402 requires every implementation to know UTC, and asking ICU would be the first
  // use of Intl in a chat function's cold start (about 25 ms of CPU to open it).
  ['UTC', true],
]);

function isTimeZone(zone: string): boolean {
  let known = knownTimeZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: names come from owners' input, checked at most 64 characters long.
    if (knownTimeZones.size < 1000) knownTimeZones.set(zone, known);
  }
  return known;
}

/** Spec 001 section 5: phrases are kept in lower case, once each; blank entries are dropped. */
const phraseList = (what: string) =>
  z
    .array(z.string(`${what} must be text`).max(TRANSFER_LIMITS.phrase, `${what} can be at most ${TRANSFER_LIMITS.phrase} characters each`))
    .transform((list) => [...new Set(list.map((phrase) => phrase.trim().toLowerCase()).filter(Boolean))])
    .refine((list) => list.length <= TRANSFER_LIMITS.phrases, `At most ${TRANSFER_LIMITS.phrases} ${what.toLowerCase()}`);

/** Spec 001 section 5: agent e-mails ignore duplicates (in any letter case) and empty values. */
const emailList = z
  .array(z.string('Agent e-mails must be text').max(254))
  .transform((list) => [...new Set(list.map((email) => email.trim().toLowerCase()).filter(Boolean))])
  .refine((list) => list.every((email) => z.email().safeParse(email).success), 'Please enter valid agent e-mail addresses')
  .refine((list) => list.length <= TRANSFER_LIMITS.emails, `At most ${TRANSFER_LIMITS.emails} agent e-mails`);

/** Spec 001 "transfer_settings", plus the time zone and custom hours the availability is read in. */
export const transferSettingsSchema = z
  .object({
    enabled: z.boolean('enabled must be true or false'),
    triggers: phraseList('Trigger phrases'),
    fallback_message: z
      .string('Please enter a fallback message')
      .trim()
      .min(1, 'Please enter a fallback message')
      .max(TRANSFER_LIMITS.message, `The fallback message can be at most ${TRANSFER_LIMITS.message} characters`),
    agent_availability: z.enum(agentAvailabilities, 'Agent availability must be 24/7, business_hours, weekdays or custom'),
    time_zone: z.string().max(64).refine(isTimeZone, 'Please choose a known time zone, such as Europe/London'),
    custom_hours: customHoursSchema,
    auto_transfer_keywords: phraseList('Auto-transfer keywords'),
    escalation_timeout: z
      .number('The escalation timeout must be a number of seconds')
      .int('The escalation timeout must be a whole number of seconds')
      .min(ESCALATION_TIMEOUT.min, `The escalation timeout must be at least ${ESCALATION_TIMEOUT.min} seconds`)
      .max(ESCALATION_TIMEOUT.max, `The escalation timeout can be at most ${ESCALATION_TIMEOUT.max} seconds (a day)`),
    agent_emails: emailList,
  })
  .strict();
export type TransferSettings = z.infer<typeof transferSettingsSchema>;

/** Spec 001 transfer_settings defaults; business hours are Monday to Friday, 09:00 to 17:00. */
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  enabled: false,
  triggers: [],
  fallback_message: 'Let me connect you with a human agent who can better assist you.',
  agent_availability: 'business_hours',
  time_zone: 'UTC',
  custom_hours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
  auto_transfer_keywords: ['human', 'agent', 'support', 'help', 'speak to someone'],
  escalation_timeout: ESCALATION_TIMEOUT.fallback,
  agent_emails: [],
};

export const transferSettingsResponseSchema = z.object({ settings: transferSettingsSchema });
export type TransferSettingsResponse = z.infer<typeof transferSettingsResponseSchema>;

/** Spec 001 "agent_transfer", with the conversation it belongs to (a link into the inbox). */
export const agentTransferSchema = z.object({
  id: z.string(),
  chatbot_id: z.string(),
  conversation_id: z.string(),
  /** pending, in_progress, resolved or unanswered; kept as stored so an unknown one can be shown as a problem. */
  status: z.string(),
  trigger_reason: z.string(),
  agent_email: z.string().nullable(),
  transferred_at: z.string(),
});
export type AgentTransfer = z.infer<typeof agentTransferSchema>;

export const agentTransferListResponseSchema = z.object({ transfers: z.array(agentTransferSchema) });
