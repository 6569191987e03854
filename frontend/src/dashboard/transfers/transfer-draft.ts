import { ESCALATION_TIMEOUT, TRANSFER_LIMITS, type TransferSettings } from '@contracts/transfers';

/** The form's copy of the settings: the typed-in timeout stays text until saved. */
export type TransferDraft = Omit<TransferSettings, 'escalation_timeout'> & { escalation_timeout: string };

export function toTransferDraft(settings: TransferSettings): TransferDraft {
  return { ...settings, escalation_timeout: String(settings.escalation_timeout) };
}

/** Spec 001 section 5: an escalation timeout that is not a whole number of seconds in range falls back to 300. */
export function escalationTimeoutOf(text: string): number {
  const value = Number(text.trim());
  const valid = text.trim() !== '' && Number.isInteger(value) && value >= ESCALATION_TIMEOUT.min && value <= ESCALATION_TIMEOUT.max;
  return valid ? value : ESCALATION_TIMEOUT.fallback;
}

export function fromTransferDraft(draft: TransferDraft): TransferSettings {
  return { ...draft, fallback_message: draft.fallback_message.trim(), escalation_timeout: escalationTimeoutOf(draft.escalation_timeout) };
}

/** Spec 001 section 5: stored in lower case, trimmed; empty input and repeats are ignored. */
export function addPhrase(list: readonly string[], input: string): string[] {
  const phrase = input.trim().toLowerCase();
  if (!phrase || list.includes(phrase) || list.length >= TRANSFER_LIMITS.phrases) return [...list];
  return [...list, phrase];
}

/** Agent e-mails: trimmed and compared without letter case; empty input and repeats are ignored. */
export function addEmail(list: readonly string[], input: string): string[] {
  const email = input.trim().toLowerCase();
  if (!email || list.includes(email) || list.length >= TRANSFER_LIMITS.emails) return [...list];
  return [...list, email];
}

export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function sameTransferDraft(a: TransferDraft, b: TransferDraft): boolean {
  return JSON.stringify(fromTransferDraft(a)) === JSON.stringify(fromTransferDraft(b));
}

/** Monday first, as people read a week; values are JavaScript's day numbers (0 is Sunday). */
export const WEEK_DAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 0, label: 'Sun' },
] as const;

/** The time zones the browser knows, with the stored one kept even if this browser lacks it. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])];
}
