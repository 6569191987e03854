import { randomUUID } from 'node:crypto';
import { MAX_CONTEXT_WINDOW } from '../../contracts/chatbot.js';
import type { ConversationChannel } from '../../contracts/inbox.js';
import { authorizeChatbot } from '../access/authorize.js';
import { requireEmbedAllowed } from '../channels/embed-origin.js';
import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { notFound } from '../http/http-error.js';
import { recordCustomerDetails } from '../inbox/customer-details.js';
import { searchKnowledgeForQuestion, type QuestionKnowledge } from '../knowledge/index-knowledge.js';
import { isIndexLoaded } from '../knowledge/index-store.js';
import { withSiteWords } from '../knowledge/question-phrases.js';
import { log } from '../runtime/log.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { transferSettingsOf } from '../transfers/transfer-settings.js';
import { modelIntentOf } from '../workflows/intent-model.js';
import type { TriggerWorkflow } from '../workflows/triggers.js';
import { conversationSettingsOf } from './bot-settings.js';
import { knownAssistant, rememberAssistant } from './known-assistants.js';
import type { ChatOutcome, ChatTurn } from './chat-turn.js';
import { answerOpenConfirmation } from './confirmation.js';
import {
  continueOrStartConversation,
  continues,
  moveLastActivity,
  lastActivityDue,
  readConversationState,
  readTurnStart,
  type ConversationState,
  type IdentifiedMessage,
  type StoredMessage,
} from './conversation-store.js';
import { matchingCorrection } from './corrections.js';
import { handoffReason } from './escalation.js';
import { llmConfigured } from './openai-responder.js';
import { needsKnowledge, type ReplyFacts } from './reply-decision.js';
import { claimTurn, failClaim, turnMessageId, type ClientMessage, type HeldClaim } from './turn-claim.js';

/** Passages retrieved per question: the answer checks choose among them (the model is given them all). */
const PASSAGES = 8;

/** The passages that best answer the question; undefined when the assistant has no readable index. */
async function knowledgeFor(chatbotId: string, indexVersion: string | undefined, question: string): Promise<QuestionKnowledge | undefined> {
  if (!indexVersion) return undefined;
  try {
    return await searchKnowledgeForQuestion(chatbotId, indexVersion, question, PASSAGES);
  } catch (error) {
    // A missing or unreadable index must not stop the conversation: answer from what is left.
    log.warn('Knowledge search failed', { chatbotId, indexVersion, error });
    return undefined;
  }
}

type Grounding = [Awaited<ReturnType<typeof matchingCorrection>>, QuestionKnowledge | undefined];

type GroundedBy = { chatbot_id: string; index_version?: string; corrections_version?: string };

/** The correction and passages for the question, of the assistant's versions named. */
function groundingOf(assistant: GroundedBy, message: string, question: string): Promise<Grounding> {
  const grounding = Promise.all([matchingCorrection(assistant, message), knowledgeFor(assistant.chatbot_id, assistant.index_version, question)]);
  // Awaited later, or not at all (a guess the assistant read contradicts): never an unhandled rejection.
  grounding.catch(() => undefined);
  return grounding;
}

/**
 * The grounding for the versions of the assistant this warm function last read, looked up while the
 * first round is in flight: its search is CPU the turn would otherwise spend after that round. Started
 * once the round's requests have left, so it does not hold them up.
 */
function guessGrounding(chatbotId: string, known: NonNullable<ReturnType<typeof knownAssistant>>, message: string, question: string) {
  const assistant: GroundedBy = { chatbot_id: chatbotId, index_version: known.indexVersion, corrections_version: known.correctionsVersion };
  const grounding = new Promise((resolve) => setImmediate(resolve)).then(() => groundingOf(assistant, message, question));
  grounding.catch(() => undefined);
  return { assistant, grounding };
}

type GuessedGrounding = ReturnType<typeof guessGrounding>;

/** A turn whose conversation is known: what the first round read, and the work it started early. */
export interface StartedTurn {
  request: ChatTurn;
  now: Date;
  at: string;
  bot: StoredChatbot;
  settings: ReturnType<typeof conversationSettingsOf>;
  transfers: ReturnType<typeof transferSettingsOf>;
  channel: ConversationChannel;
  conversationId: string;
  isNew: boolean;
  /** The visitor's message, stored with the reply (or alone when there is none). */
  visitorMessage: IdentifiedMessage;
  /** The turn's hold on its client message id, when it has one: its outcome is recorded with its messages. */
  claim?: { message: ClientMessage; held: HeldClaim };
  /** The reply's id and time: those of an earlier attempt of the same client message id, if it may have stored it. */
  replyKey: { messageId?: string; createdAt?: string };
  /** When the turn's own work began (the reply's response time). */
  started: number;
  /** The visitor's last activity, moving while the turn answers (undefined for a new conversation). */
  activityMoved?: Promise<void>;
  workflowsLoad?: Promise<TriggerWorkflow[]>;
  modelIntentLoad?: ReturnType<typeof modelIntentOf>;
  /** Tells the open inboxes once the given writes succeeded (who listens is looked up from the start). */
  announce?: (written: Promise<unknown>) => Promise<void>;
  /** Once the reply's writes began (its conversation update may have counted the visitor's message unread). */
  replyStoring: boolean;
  /** The question as the site would word it. */
  question: string;
  handoffTrigger?: string;
  /** The visitor's Yes / No, counted only while a handoff is on. */
  confirmAnswer: ChatTurn['confirm'];
  /** Corrections and passages, looked up from the start when the turn is likely to need them. */
  grounding: () => Promise<Grounding>;
  /** The state of the conversation the visitor's token names, read by the first round (used if it is the one continued). */
  hinted?: ConversationState;
  currentId?: string;
}

/** The turn's state once the second round read it: the facts the reply is decided from, and what delivery needs besides. */
export interface TurnState {
  facts: ReplyFacts;
  history: StoredMessage[];
  detailsGiven: boolean;
}

/**
 * The first round of a turn: the assistant with the visitor's current conversation (and the state of
 * the one their token names) beside the rate counters; then the conversation it continues or starts.
 * Corrections, passages and the workflows are looked up from here on, overlapping the rounds.
 */
export async function startTurn(request: ChatTurn, now: Date): Promise<StartedTurn | { repeat: ChatOutcome }> {
  await loadProviderKeys();
  const at = now.toISOString();
  const known = knownAssistant(request.chatbotId);
  // Only a model is given the conversation so far: as many messages as the assistant's window was when
  // this warm function last read it (checked once the assistant is read), else the most it may be.
  const historyLimit = llmConfigured() ? (known?.contextWindow ?? MAX_CONTEXT_WINDOW) : 0;
  const clientMessage = request.clientMessageId === undefined ? undefined : { ...request, clientMessageId: request.clientMessageId };
  // Claimed beside the first round's reads: a repeat of the message id answers with the first outcome.
  const claiming = clientMessage && claimTurn(clientMessage, now);
  // The owner's open dashboards are read with the assistant when this warm function has met it before.
  const socketsOf = request.announceToInbox && known?.ownerId;
  const firstRound = Promise.all([
    readTurnStart(request, { hint: request.conversationHint, historyLimit, before: at, newContact: request.newContact, socketsOf }),
    request.countTurn(),
  ]);
  firstRound.catch(() => undefined);
  const question = withSiteWords(request.message);
  // An answer to a confirmation question usually needs no knowledge (grounded later if it turns out to).
  // Only an index in memory is guessed at: after a re-index the last version read may be deleted already.
  const guessable = known && request.confirm === undefined && (known.indexVersion === undefined || isIndexLoaded(request.chatbotId, known.indexVersion));
  const guessed = guessable ? guessGrounding(request.chatbotId, known, request.message, question) : undefined;
  const claim = await claiming;
  // A repeat is still refused as the caller's limits say (a channel drops Meta's duplicate delivery there).
  if (claim && 'repeat' in claim) return firstRound.then(() => claim);
  const held = clientMessage && claim ? { message: clientMessage, held: claim.held } : undefined;
  try {
    return await startClaimedTurn(request, now, await firstRound, held, historyLimit, { question, guessed });
  } catch (error) {
    // Nothing of the message is stored: a retry of its id runs the turn again.
    if (held) await failClaim(held.message, held.held, {}).catch(() => undefined);
    throw error;
  }
}

type FirstRound = [Awaited<ReturnType<typeof readTurnStart>>, unknown];

async function startClaimedTurn(
  request: ChatTurn,
  now: Date,
  [{ bot, current, hinted: hintedState, sockets }]: FirstRound,
  claim: StartedTurn['claim'],
  historyRead: number,
  { question, guessed }: { question: string; guessed?: GuessedGrounding },
): Promise<StartedTurn> {
  const at = now.toISOString();
  if (request.caller) await authorizeChatbot(request.caller, bot);
  if (!bot || bot.is_active === false) throw notFound('This assistant is not available');
  requireEmbedAllowed(bot, request.pageOrigin);
  const settings = conversationSettingsOf(bot);
  rememberAssistant(bot.chatbot_id, {
    ownerId: bot.user_id,
    contextWindow: settings.contextWindow,
    indexVersion: bot.index_version,
    correctionsVersion: bot.corrections_version,
  });
  // The window was raised since this warm function last read it: the second round reads the history again.
  const hinted = hintedState && historyRead > 0 && settings.contextWindow > historyRead && hintedState.history.length >= historyRead ? undefined : hintedState;
  // The visitor's last activity (what the conversation timeout reads) moves while the turn answers,
  // when it is due; a new conversation is started with it.
  const activityMoved =
    current && continues(current, settings.conversationTimeout, now) && lastActivityDue(current, at) ? moveLastActivity(request, at) : undefined;
  activityMoved?.catch(() => undefined);
  // Kept per warm function (read again when the assistant names another workflows version), else read
  // while the turn does its own reads; matched once the reply is known, started while it is stored.
  const workflowsLoad = request.workflows?.load(bot).catch((error: unknown): TriggerWorkflow[] => {
    log.error('Workflows could not be read; this turn triggers none', { chatbotId: request.chatbotId, error });
    return [];
  });
  // With a model key and intent workflows, the model reads the message's intent while the answer is written.
  const modelIntentLoad = workflowsLoad?.then((workflows) => modelIntentOf(workflows, request.message));
  const transfers = transferSettingsOf(bot);
  const handoffTrigger = handoffReason(request.message, settings, transfers);
  // A yes counts only while a handoff is on (in Controls or Agent Transfers); a no always closes the question.
  const confirmAnswer = request.confirm === 'handoff' && !settings.handoffEnabled && !transfers.enabled ? undefined : request.confirm;
  // Corrections and passages depend only on the assistant's versions and the message: the guess made
  // during the first round when its versions are the assistant's, else looked up while the conversation
  // is read and written (on a cold start, the index load overlaps those round trips).
  const guessedRight = (guess: GroundedBy) => guess.index_version === bot.index_version && guess.corrections_version === bot.corrections_version;
  const guess = guessed && guessedRight(guessed.assistant) ? guessed.grounding : undefined;
  const ground = () => guess ?? groundingOf(bot, request.message, question);
  // An answer to a question or a trigger usually needs no knowledge (grounded later if it turns out to).
  let grounding = confirmAnswer || handoffTrigger ? undefined : ground();
  const started = performance.now();
  const channel = request.channel ?? 'website';
  const { conversationId, isNew } = await continueOrStartConversation({
    current,
    contact: request,
    ownerId: bot.user_id,
    contactName: request.contactName,
    contactPhone: request.contactPhone,
    channel,
    message: request.message,
    timeoutMs: settings.conversationTimeout,
    now,
  });
  return {
    request,
    now,
    at,
    bot,
    settings,
    transfers,
    channel,
    conversationId,
    isNew,
    visitorMessage: {
      messageId: claim ? turnMessageId(claim.message, 'visitor') : randomUUID(),
      message: { sender_type: 'user', content: request.message, created_at: claim?.held.messageAt ?? at },
      // Analytics of visitors' turns only: the owner's and team's test chats are not customers' conversations.
      ...(request.caller === undefined && { counts: { kind: 'visitor', chatbot_id: bot.chatbot_id, at, channel, new_conversation: isNew } }),
    },
    ...(claim && { claim }),
    replyKey: claim ? { messageId: turnMessageId(claim.message, 'reply'), createdAt: claim.held.replyAt } : {},
    started,
    activityMoved,
    workflowsLoad,
    modelIntentLoad,
    announce: request.announceToInbox?.(bot, conversationId, sockets?.userId === bot.user_id ? sockets.connectionIds : undefined),
    replyStoring: false,
    question,
    handoffTrigger,
    confirmAnswer,
    grounding: () => (grounding ??= ground()),
    hinted,
    currentId: current?.conversation_id,
  };
}

/**
 * The second round: the conversation's state (unless the first round read it already, or it is new),
 * the visitor's answer to an open confirmation question, and customer details the message gives;
 * then the knowledge the reply needs.
 */
export async function readTurnState(turn: StartedTurn): Promise<TurnState> {
  const { request, conversationId, isNew, at, settings, confirmAnswer } = turn;
  const [state, answered, detailsGiven] = await Promise.all([
    isNew
      ? ({ personAnswering: false, history: [] } satisfies ConversationState)
      : turn.hinted && turn.currentId === conversationId
        ? turn.hinted
        : readConversationState(conversationId, { historyLimit: llmConfigured() ? settings.contextWindow : 0, before: at }),
    !isNew && confirmAnswer ? answerOpenConfirmation(conversationId, confirmAnswer, at) : false,
    recordCustomerDetails(conversationId, request.message),
  ]);
  const known = {
    personAnswering: state.personAnswering,
    ...(state.transferWaitingUntil && { transferWaitingUntil: state.transferWaitingUntil }),
    ...(answered && { confirmationAnswered: confirmAnswer }),
    ...(turn.handoffTrigger && { handoffTrigger: turn.handoffTrigger }),
    now: turn.now,
  };
  const [correction, knowledge] = needsKnowledge(known) ? await turn.grounding() : [undefined, undefined];
  return {
    facts: {
      ...known,
      question: turn.question,
      ...(correction && { correction }),
      ...(knowledge && { knowledge }),
      modelConfigured: llmConfigured(),
      settings,
      transfers: turn.transfers,
      businessName: turn.bot.business_name,
    },
    history: state.history.slice(-settings.contextWindow),
    detailsGiven,
  };
}
