/** The first escalation trigger phrase the visitor's message contains (case-insensitive), if any. */
export function matchedEscalationTrigger(message: string, triggers: readonly string[]): string | undefined {
  const text = ` ${message.toLowerCase().replace(/\s+/g, ' ')} `;
  return triggers.find((trigger) => trigger.trim() && text.includes(trigger.trim().toLowerCase()));
}

/** Spec 001 transfer_settings default fallback message. */
export const TRANSFER_MESSAGE = 'Let me connect you with a human agent who can better assist you.';
