import type { ConversationSettings } from '@contracts/chatbot';

/** Spec 001 sections 5 and 9: the ranges and fallbacks of the conversation controls. */
export const LIMITS = {
  responseDelay: { min: 0, max: 5000, step: 100 },
  maxResponseLength: { min: 100, max: 2000, fallback: 500 },
  timeoutMinutes: { min: 5, max: 120, fallback: 30 },
  contextWindow: { min: 3, max: 20 },
  level: { min: 1, max: 10 },
  message: { max: 1000 },
  trigger: { max: 100, count: 50 },
} as const;

const MINUTE_MS = 60_000;

/** The form's copy of the settings: the typed-in numbers stay text until saved. */
export type SettingsDraft = Omit<ConversationSettings, 'maxResponseLength' | 'conversationTimeout'> & {
  maxResponseLength: string;
  timeoutMinutes: string;
};

export function toDraft(settings: ConversationSettings): SettingsDraft {
  const { maxResponseLength, conversationTimeout, ...rest } = settings;
  return {
    ...rest,
    escalationTriggers: [...settings.escalationTriggers],
    maxResponseLength: String(maxResponseLength),
    timeoutMinutes: String(Math.round(conversationTimeout / MINUTE_MS)),
  };
}

/** A whole number within [min, max]; empty or not a number gives the fallback, out of range the nearest bound. */
export function parseBounded(text: string, min: number, max: number, fallback: number): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export function fromDraft(draft: SettingsDraft): ConversationSettings {
  const { maxResponseLength, timeoutMinutes, ...rest } = draft;
  const length = LIMITS.maxResponseLength;
  const timeout = LIMITS.timeoutMinutes;
  return {
    ...rest,
    welcomeMessage: draft.welcomeMessage.trim(),
    fallbackMessage: draft.fallbackMessage.trim(),
    maxResponseLength: parseBounded(maxResponseLength, length.min, length.max, length.fallback),
    conversationTimeout: parseBounded(timeoutMinutes, timeout.min, timeout.max, timeout.fallback) * MINUTE_MS,
  };
}

/** Adds a trigger phrase: stored lowercase and trimmed; empty input and duplicates are ignored. */
export function addTrigger(triggers: readonly string[], input: string): string[] {
  const phrase = input.trim().toLowerCase();
  if (!phrase || triggers.includes(phrase) || triggers.length >= LIMITS.trigger.count) return [...triggers];
  return [...triggers, phrase];
}

export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  return JSON.stringify(ordered(a)) === JSON.stringify(ordered(b));
}

/** The draft's fields in one fixed order (so equal drafts serialise alike). */
function ordered(draft: SettingsDraft): SettingsDraft {
  return {
    responseDelay: draft.responseDelay,
    typingIndicatorEnabled: draft.typingIndicatorEnabled,
    maxResponseLength: draft.maxResponseLength,
    timeoutMinutes: draft.timeoutMinutes,
    welcomeMessage: draft.welcomeMessage,
    fallbackMessage: draft.fallbackMessage,
    escalationTriggers: draft.escalationTriggers,
    allowOffTopic: draft.allowOffTopic,
    requireConfirmation: draft.requireConfirmation,
    collectFeedback: draft.collectFeedback,
    handoffEnabled: draft.handoffEnabled,
    contextWindow: draft.contextWindow,
    creativityLevel: draft.creativityLevel,
    strictnessLevel: draft.strictnessLevel,
  };
}
