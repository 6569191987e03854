import { randomUUID } from 'node:crypto';
import type { ConversationSettings } from '../../contracts/chatbot.js';
import { ESCALATION_TIMEOUT, type TransferSettings } from '../../contracts/transfers.js';
import { db } from '../data/db.js';
import { awayMessage, nextAgentHours } from '../transfers/availability.js';

/**
 * Words by which a visitor asks for someone or something ("Can I *speak* to a manager?", "How do I
 * *get* a refund?"). In a question, a trigger phrase counts only after one of these: "Does the plan
 * include a manager seat?" asks about the plan, and is answered.
 */
const ASKS_FOR = /\b(?:speak|speaking|talk|talking|chat|connect|transfer|put|pass|get|reach|contact|call|see|want|need|ask|escalate|have|give|request|arrange|find|send|bring)\b/;
/** "Can I...?", "Is there...?", "How do I...?": a sentence that asks, with or without its question mark. */
const QUESTION_OPENING = /^(?:are|is|do|does|did|can|could|will|would|should|have|has|may|must|what|when|where|which|who|whom|whose|why|how)\b/;
/** "My manager", "our office manager": someone of the visitor's own, not a person of the business to be put through to. */
const OWN_PERSON = /\b(?:my|our|his|her|their)(?:\s+[\p{L}'-]+){0,2}\s+$/u;
/** The last word of a trigger that names a person to talk to (beside the roles a business's people have). */
const NAMES_PERSON = /\b(?:human|person|people|someone|somebody|staff|agent|representative|rep|operator|boss|manager|supervisor|owner|director|receptionist)s?$/;

const sentencesOf = (message: string) => message.toLowerCase().replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/);

/** Whether the trigger, said at `at` in the sentence, is what the visitor asks for rather than a word of another question. */
function asksForTrigger(sentence: string, at: number, trigger: string): boolean {
  const before = sentence.slice(0, at);
  if (NAMES_PERSON.test(trigger) && OWN_PERSON.test(before)) return false;
  const question = sentence.trimEnd().endsWith('?') || QUESTION_OPENING.test(sentence.trimStart());
  return !question || ASKS_FOR.test(before + trigger);
}

/**
 * The first escalation trigger phrase the visitor's message contains (case-insensitive) and asks for,
 * if any: "I want to talk to a manager" and "You sent me the wrong order" ask for what the owner's
 * triggers name; "My manager only reads conversations. Does she need a paid seat?" asks about seats.
 */
export function matchedEscalationTrigger(message: string, triggers: readonly string[]): string | undefined {
  const sentences = sentencesOf(message).map((sentence) => ` ${sentence} `);
  return triggers.find((trigger) => {
    const phrase = trigger.trim().toLowerCase();
    if (!phrase) return false;
    return sentences.some((sentence) => {
      for (let at = sentence.indexOf(phrase); at >= 0; at = sentence.indexOf(phrase, at + 1)) {
        if (asksForTrigger(sentence, at, phrase)) return true;
      }
      return false;
    });
  });
}

/** The first keyword the message holds as a whole word or phrase ('help' matches "help me", not "helpful"). */
export function matchedKeyword(message: string, keywords: readonly string[]): string | undefined {
  const words = ` ${message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return keywords.find((keyword) => {
    const phrase = keyword.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    return phrase !== '' && words.includes(` ${phrase} `);
  });
}

/**
 * Why this message asks for a person, if it does: an escalation trigger of Conversation Controls
 * (while handoff is on there), or, while Agent Transfers are enabled, one of their trigger phrases
 * or auto-transfer keywords. The reason is what Transfer History shows.
 */
export function handoffReason(
  message: string,
  controls: Pick<ConversationSettings, 'handoffEnabled' | 'escalationTriggers'>,
  transfers: Pick<TransferSettings, 'enabled' | 'triggers' | 'auto_transfer_keywords'>,
): string | undefined {
  const escalation = controls.handoffEnabled ? matchedEscalationTrigger(message, controls.escalationTriggers) : undefined;
  if (escalation) return `Escalation trigger: "${escalation}"`;
  if (!transfers.enabled) return undefined;
  const phrase = matchedEscalationTrigger(message, transfers.triggers);
  if (phrase) return `Transfer trigger: "${phrase}"`;
  const keyword = matchedKeyword(message, transfers.auto_transfer_keywords);
  return keyword ? `Auto-transfer keyword: "${keyword}"` : undefined;
}

/** Asked instead of handing over at once when the owner wants the visitor to confirm (requireConfirmation). */
export const HANDOFF_CONFIRMATION_QUESTION = 'Would you like me to connect you with a member of our team?';

/** A transfer's key: what its escalation timer finds it by. */
export interface TransferRef {
  chatbot_id: string;
  transfer_id: string;
  transferred_at: string;
}

/** Records a pending request for a human agent on this conversation (spec 001 agent_transfer). */
export async function requestAgentTransfer(chatbotId: string, conversationId: string, reason: string, now: Date): Promise<TransferRef> {
  const ref = { chatbot_id: chatbotId, transfer_id: randomUUID(), transferred_at: now.toISOString() };
  await db()
    .entities.agentTransfer.create({ ...ref, conversation_id: conversationId, status: 'pending', trigger_reason: reason })
    .go();
  return ref;
}

/**
 * What the visitor is told of their transfer: the owner's message and, while Agent Transfers are
 * enabled (their availability is then the owner's), outside the agents' hours when a person is back.
 */
export function transferAnswer(transfers: TransferSettings, now: Date): string {
  const back = transfers.enabled ? nextAgentHours(transfers, now) : undefined;
  return back ? `${transfers.fallback_message} ${awayMessage(back)}` : transfers.fallback_message;
}

/**
 * Until when a new transfer waits for a person: the owner's escalation timeout while Agent Transfers
 * are enabled (its timer then tells the visitor nobody came), else the default one. Meanwhile the
 * visitor's messages are acknowledged rather than answered by the assistant.
 */
export function transferWaitsUntil(transfers: Pick<TransferSettings, 'enabled' | 'escalation_timeout'>, now: Date): string {
  const seconds = transfers.enabled ? transfers.escalation_timeout : ESCALATION_TIMEOUT.fallback;
  return new Date(now.getTime() + seconds * 1000).toISOString();
}
