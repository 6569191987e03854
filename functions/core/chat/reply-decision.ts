import { DECLINED_TEXT } from '../../contracts/chat.js';
import { WITH_TEAM_TEXT } from '../../contracts/takeover.js';
import type { ConversationSettings } from '../../contracts/chatbot.js';
import type { TransferSettings } from '../../contracts/transfers.js';
import type { QuestionKnowledge } from '../knowledge/index-knowledge.js';
import type { SearchHit } from '../knowledge/search-index.js';
import type { ConfirmationAnswer } from './confirmation.js';
import { HANDOFF_CONFIRMATION_QUESTION, transferAnswer } from './escalation.js';
import { isOffTopic, offTopicMessage } from './off-topic.js';
import { offlineAnswer } from './offline-responder.js';

export type Source = { title: string; url: string };

/** Everything the reply depends on, read by turn-state.ts: plain data, so the decision is a function of it alone. */
export interface ReplyFacts {
  /** The visitor's message as the site would word it (what the offline responder and off-topic test read). */
  question: string;
  /** A person took the conversation over. */
  personAnswering: boolean;
  /** Until when a transfer the visitor asked for waits for a person (ISO time), if one does. */
  transferWaitingUntil?: string;
  /** The visitor's Yes / No that answered the open confirmation question (undefined when none was open). */
  confirmationAnswered?: ConfirmationAnswer;
  /** Why the message asks for a person (escalation trigger, transfer phrase or keyword), if it does. */
  handoffTrigger?: string;
  /** The owner's correction matching the message. */
  correction?: { corrected_response: string };
  /** Retrieved passages; undefined when the assistant has no readable index. */
  knowledge?: QuestionKnowledge;
  /** A model key is configured: the model writes the answer. */
  modelConfigured: boolean;
  settings: Pick<ConversationSettings, 'requireConfirmation' | 'allowOffTopic' | 'strictnessLevel' | 'fallbackMessage'>;
  transfers: TransferSettings;
  businessName: string;
  now: Date;
}

/** What the turn answers, and why. A `model` reply is written by the model in delivery (turn-delivery.ts). */
export type ReplyDecision =
  /** A person answers (or a transfer waits for one): the visitor is told their message is with the team. */
  | { kind: 'person-answering'; text: string; waiting: boolean }
  | { kind: 'handoff'; reason: string; text: string }
  | { kind: 'confirmation'; text: string; confirmation: 'handoff' }
  | { kind: 'declined'; text: string }
  | { kind: 'correction'; text: string }
  | { kind: 'model'; passages: SearchHit[]; requiredAnswer?: string }
  | { kind: 'off-topic'; text: string }
  | { kind: 'offline'; text: string; sources: Source[]; fallback: boolean };

const NO_KNOWLEDGE: QuestionKnowledge = { passages: [], termWeights: new Map() };

/**
 * The reply of a turn from its state, with no I/O: a person answering (or a transfer waiting for one)
 * keeps the assistant quiet and acknowledges the message; the
 * visitor's Yes to the handoff question (or a trigger, unless the owner wants a Yes first) hands over;
 * otherwise the owner's correction, the model, or the offline responder (refusing off-topic questions) answers.
 */
export function decideReply(facts: ReplyFacts): ReplyDecision {
  if (facts.personAnswering) return { kind: 'person-answering', text: WITH_TEAM_TEXT, waiting: false };
  if (transferWaits(facts)) return { kind: 'person-answering', text: WITH_TEAM_TEXT, waiting: true };
  if (facts.confirmationAnswered === 'handoff') {
    return { kind: 'handoff', reason: 'Visitor confirmed the handoff to a person', text: transferAnswer(facts.transfers, facts.now) };
  }
  if (facts.confirmationAnswered === 'declined') return { kind: 'declined', text: DECLINED_TEXT };
  if (facts.handoffTrigger && facts.settings.requireConfirmation) {
    return { kind: 'confirmation', text: HANDOFF_CONFIRMATION_QUESTION, confirmation: 'handoff' };
  }
  if (facts.handoffTrigger) return { kind: 'handoff', reason: facts.handoffTrigger, text: transferAnswer(facts.transfers, facts.now) };
  const passages = facts.knowledge?.passages;
  if (facts.modelConfigured) {
    return { kind: 'model', passages: passages ?? [], ...(facts.correction && { requiredAnswer: facts.correction.corrected_response }) };
  }
  if (facts.correction) return { kind: 'correction', text: facts.correction.corrected_response };
  if (!facts.settings.allowOffTopic && isOffTopic(facts.question, passages)) return { kind: 'off-topic', text: offTopicMessage(facts.businessName) };
  const grounded = offlineAnswer(facts.question, facts.knowledge ?? NO_KNOWLEDGE, facts.settings.strictnessLevel, facts.businessName);
  return grounded.answer === undefined
    ? { kind: 'offline', text: facts.settings.fallbackMessage, sources: [], fallback: true }
    : { kind: 'offline', text: grounded.answer, sources: grounded.sources, fallback: false };
}

/** A transfer the visitor asked for still waits for a person (until someone takes it, hands it back, or its time passes). */
const transferWaits = (facts: Pick<ReplyFacts, 'transferWaitingUntil' | 'now'>): boolean =>
  facts.transferWaitingUntil !== undefined && Date.parse(facts.transferWaitingUntil) > facts.now.getTime();

/** Whether the decision may need retrieved knowledge: a person answering, a handoff, its question or an answer to it does not. */
export const needsKnowledge = (
  facts: Pick<ReplyFacts, 'personAnswering' | 'confirmationAnswered' | 'handoffTrigger' | 'transferWaitingUntil' | 'now'>,
): boolean => !facts.personAnswering && !transferWaits(facts) && !facts.confirmationAnswered && !facts.handoffTrigger;
