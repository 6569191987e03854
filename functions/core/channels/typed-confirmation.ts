import type { ConfirmationAnswer } from '../chat/confirmation.js';

/** Short replies that say yes or no on their own ("Yes please", "no thanks", "ok!"). */
const YES = /^(yes|yeah|yep|yup|sure|ok|okay|please|y|si|sí|oui|ja)( (please|thanks|thank you|i would|please do))?$/;
const NO = /^(no|nope|nah|n|no thanks|no thank you|not now)$/;

/**
 * A channel customer cannot press the widget's Yes / No: they type it. A reply that is only a yes or a
 * no is taken as the answer to the assistant's open confirmation question; the chat engine counts it
 * only while such a question is open (core/chat/confirmation.ts), otherwise it is an ordinary message.
 */
export function typedConfirmation(text: string): ConfirmationAnswer | undefined {
  const words = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (YES.test(words)) return 'handoff';
  if (NO.test(words)) return 'declined';
  return undefined;
}
