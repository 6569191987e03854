import { randomUUID } from 'node:crypto';
import { DECLINED_TEXT, type ChatRequest, type ChatResponse } from '../../contracts/chat.js';
import type { ConversationChannel } from '../../contracts/inbox.js';
import { authorizeChatbot, type Caller } from '../access/authorize.js';
import { recordChatTurn, type ReplyOutcome } from '../analytics/chat-turn-analytics.js';
import { questionLogFields, replyOutcome } from '../analytics/question-log.js';
import { requireEmbedAllowed } from '../channels/embed-origin.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import { searchKnowledgeForQuestion, type QuestionKnowledge } from '../knowledge/index-knowledge.js';
import { log } from '../runtime/log.js';
import { countMetric } from '../runtime/observability.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { limitAnswerLength } from './answer-length.js';
import { conversationSettingsOf } from './bot-settings.js';
import { answerOpenConfirmation } from './confirmation.js';
import {
  continueOrStartConversation,
  continues,
  moveLastActivity,
  readConversationState,
  readTurnStart,
  storeMessage,
  storeReply,
  storeVisitorMessage,
  type Contact,
  type ConversationState,
  type IdentifiedMessage,
} from './conversation-store.js';
import { recordCustomerDetails } from '../inbox/customer-details.js';
import type { prepareInboxAnnouncement } from '../realtime/inbox-updates.js';
import { matchingCorrection } from './corrections.js';
import { HANDOFF_CONFIRMATION_QUESTION, handoffReason, requestAgentTransfer, transferAnswer, type TransferRef } from './escalation.js';
import { transferSettingsOf } from '../transfers/transfer-settings.js';
import type { TransferNotice } from '../transfers/transfer-mail.js';
import { isOffTopic, offTopicMessage } from './off-topic.js';
import { unsupportedFacts } from './grounding-check.js';
import { offlineAnswer } from './offline-responder.js';
import { withSiteWords } from '../knowledge/question-phrases.js';
import { sourceTitle } from './source-link.js';
import { ProviderFailure, llmConfigured, openAiAnswer } from './openai-responder.js';
import { systemPrompt, temperatureFor } from './system-prompt.js';
import type { UserAction } from '../../contracts/workflows.js';
import type { WorkflowTriggers } from '../workflows/chat-triggers.js';
import { modelIntentOf } from '../workflows/intent-model.js';
import { matchTriggers, type TriggerWorkflow } from '../workflows/triggers.js';

/**
 * One message of a conversation, from a contact the caller has already established: a visitor by
 * their token (visitor-chat.ts) or the owner through their own routes (owner-chat.ts).
 */
export interface ChatTurn extends Contact {
  message: string;
  contactName?: string;
  /** The customer's phone as their channel knows it (a WhatsApp sender): stored with a new conversation, and what workflows text or fill in. */
  contactPhone?: string;
  confirm?: ChatRequest['confirm'];
  /** A contact id the server just made up: there is no conversation to look for. */
  newContact?: boolean;
  /** The conversation the contact was in at their last reply (their visitor token says): read ahead, used if still theirs. */
  conversationHint?: string;
  /** The signed-in test chat: the caller must have the route's right on the assistant (core/access/authorize.ts). */
  caller?: Caller;
  /** Counts the turn against its limits, refusing with 429 before anything is stored. */
  countTurn(): Promise<void>;
  /** The Origin of the browser page a visitor writes from: a website must be one the owner allows. */
  pageOrigin?: string;
  /** Where a new conversation is said to come from (the inbox shows it); 'website' unless named. */
  channel?: ConversationChannel;
  /** Visitors' turns start the workflows they trigger (core/workflows/chat-triggers.ts); an owner's test chat none. */
  workflows?: WorkflowTriggers;
  /** Tells the agents of a new transfer (core/transfers/transfer-mail.ts); routes without e-mail pass none. */
  notifyAgents?: (notice: TransferNotice) => Promise<void>;
  /**
   * Tells the assistant's open inboxes of the turn once it is stored (core/realtime/inbox-updates.ts).
   * Passed in by the routes that have the realtime API, so the owner's test chat does not need it.
   */
  announceToInbox?: typeof prepareInboxAnnouncement;
  /** How the reply answered (answered, fallback, ...), for counts of the caller's own (voice sessions). */
  onReplyOutcome?: (outcome: ReplyOutcome) => void;
}

/** Passages retrieved per question: the answer checks choose among them (the model is given them all). */
const PASSAGES = 8;

/** What the visitor sees when the AI provider fails; their message is kept. */
export const PROVIDER_FAILURE_MESSAGE = "Sorry, I can't answer right now. Please try again in a moment.";

export type ChatOutcome = ChatResponse | { error: string };

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

/**
 * chat-with-emma: one visitor message in, one grounded answer out. Loads the active assistant and its
 * settings, continues or starts the conversation, takes the visitor's Yes / No to an open confirmation
 * question, checks escalation (asking the visitor first when the owner requires confirmation),
 * retrieves knowledge, applies the owner's corrections, answers with the LLM or the offline responder
 * (which refuses off-topic questions itself), and stores both messages.
 */
export async function chat(request: ChatTurn, now = new Date()): Promise<ChatOutcome> {
  await loadProviderKeys();
  const at = now.toISOString();
  // Only a model is given the conversation so far.
  const withHistory = llmConfigured();
  // Independent reads in one round: the assistant with the visitor's current conversation (and the
  // state of the one their token names), the rate counters.
  const [{ bot, current, hinted }] = await Promise.all([
    request.newContact
      ? db().entities.chatbot.get({ chatbot_id: request.chatbotId }).go().then(({ data }) => ({ bot: data, current: undefined, hinted: undefined }))
      : readTurnStart(request, { hint: request.conversationHint, history: withHistory, before: at }),
    request.countTurn(),
  ]);
  if (request.caller) await authorizeChatbot(request.caller, bot);
  if (!bot || bot.is_active === false) throw notFound('This assistant is not available');
  requireEmbedAllowed(bot, request.pageOrigin);
  const settings = conversationSettingsOf(bot);
  // The visitor's last activity (what the conversation timeout reads) moves at once, while the turn
  // answers; a new conversation is started with it.
  const activityMoved = continues(current, settings.conversationTimeout, now) ? moveLastActivity(request, at) : undefined;
  activityMoved?.catch(() => undefined);
  // Kept per warm function (read again when the assistant names another workflows version), else read
  // while the turn does its own reads; matched once the reply is known, started while it is stored.
  const workflowsLoad = request.workflows?.load(bot).catch((error: unknown): TriggerWorkflow[] => {
    log.error('Workflows could not be read; this turn triggers none', { chatbotId: request.chatbotId, error });
    return [];
  });
  // With a model key and intent workflows, the model reads the message's intent while the answer is written.
  const modelIntentLoad = workflowsLoad?.then((workflows) => modelIntentOf(workflows, request.message));

  // Where the conversation is stored and counted (the analytics' channel breakdown).
  const channel = request.channel ?? 'website';
  const transfers = transferSettingsOf(bot);
  const trigger = handoffReason(request.message, settings, transfers);
  // A yes counts only while a handoff is on (in Controls or Agent Transfers); a no always closes the question.
  const confirmAnswer = request.confirm === 'handoff' && !settings.handoffEnabled && !transfers.enabled ? undefined : request.confirm;
  // The question as the site would word it, for searching and answering without a model.
  const question = withSiteWords(request.message);
  // Corrections and passages depend only on the assistant and the message: looked up while the
  // conversation is read and written (on a cold start, the index load overlaps those round trips).
  const ground = () =>
    Promise.all([matchingCorrection(bot, request.message), knowledgeFor(bot.chatbot_id, bot.index_version, question)]);
  // An answer to a question or a trigger usually needs no knowledge (grounded later if it turns out to).
  const grounding = confirmAnswer || trigger ? undefined : ground();
  // Awaited below; should a conversation write fail first, its outcome is not an unhandled rejection.
  grounding?.catch(() => undefined);
  const started = performance.now();
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
  // The visitor's message is written with the reply, in one request (one fewer per turn), or alone
  // when no reply is: a person answers, the AI provider failed, or anything after this point failed.
  const visitorMessage: IdentifiedMessage = { messageId: randomUUID(), message: { sender_type: 'user', content: request.message, created_at: at } };
  let replyStoring = false;
  const announce = request.announceToInbox?.(bot, conversationId);
  /** The visitor's message stored without a reply (their activity moved): it counts in the analytics and the open inboxes show it. */
  const keepWithoutReply = async () => {
    const stored = storeVisitorMessage(conversationId, bot.chatbot_id, visitorMessage, isNew);
    await Promise.all([
      stored,
      activityMoved,
      request.caller === undefined && recordChatTurn({ chatbotId: bot.chatbot_id, conversationId, channel, newConversation: isNew, at: now }),
      announce?.(stored),
    ]);
  };
  try {
    const [state, answered, detailsGiven] = await Promise.all([
      isNew
        ? ({ personAnswering: false, history: [] } satisfies ConversationState)
        : (hinted && current?.conversation_id === conversationId ? hinted : readConversationState(conversationId, { history: withHistory, before: at })),
      !isNew && confirmAnswer ? answerOpenConfirmation(conversationId, confirmAnswer, at) : false,
      recordCustomerDetails(conversationId, request.message),
    ]);
    const history = state.history.slice(-settings.contextWindow);
    // A conversation a person took over is not the assistant's to answer.
    if (state.personAnswering) {
      await keepWithoutReply();
      return { message: '', conversationId, messageId: visitorMessage.messageId, sources: [], transferRequested: false, personAnswering: true };
    }

    let answer: string;
    let sources: { title: string; url: string }[] = [];
    let transferRequested = false;
    let transferReason: string | undefined;
    let transfer: TransferRef | undefined;
    let confirmation: ChatResponse['confirmation'];
    let offTopic = false;
    if (answered && confirmAnswer === 'handoff') {
      transferReason = 'Visitor confirmed the handoff to a person';
      transfer = await requestAgentTransfer(bot.chatbot_id, conversationId, transferReason, now);
      answer = transferAnswer(transfers, now);
      transferRequested = true;
    } else if (answered) {
      answer = DECLINED_TEXT;
    } else if (trigger && settings.requireConfirmation) {
      // Stored as an open question: only a yes to it (`confirm: 'handoff'`) records the transfer.
      answer = HANDOFF_CONFIRMATION_QUESTION;
      confirmation = { action: 'handoff' };
    } else if (trigger) {
      transferReason = trigger;
      transfer = await requestAgentTransfer(bot.chatbot_id, conversationId, trigger, now);
      answer = transferAnswer(transfers, now);
      transferRequested = true;
    } else {
      const [correction, knowledge] = await (grounding ?? ground());
      const passages = knowledge?.passages;
      if (llmConfigured()) {
        try {
          answer = await openAiAnswer({
            system: systemPrompt({
              businessName: bot.business_name,
              agentName: bot.agent_name,
              personality: bot.agent_personality,
              websiteUrl: bot.website_url,
              settings,
              passages: passages ?? [],
              requiredAnswer: correction?.corrected_response,
            }),
            history,
            question: request.message,
            temperature: temperatureFor(settings.creativityLevel),
            maxCharacters: settings.maxResponseLength,
          });
          sources = (passages ?? []).filter((p) => p.url).map((p) => ({ title: sourceTitle(p), url: p.url! })).slice(0, 3);
          const given = [
            ...(passages ?? []).map((p) => `${p.title}\n${p.heading ?? ''}\n${p.text}`),
            correction?.corrected_response ?? '',
            request.message,
            ...history.map((m) => m.content),
          ];
          const invented = unsupportedFacts(answer, given);
          if (invented.length) {
            log.warn('The model stated facts its knowledge does not; answering with the fallback', { chatbotId: bot.chatbot_id, invented });
            answer = settings.fallbackMessage;
            sources = [];
          }
        } catch (error) {
          if (!(error instanceof ProviderFailure)) throw error;
          log.error('AI provider failed', { chatbotId: bot.chatbot_id, conversationId, error: error.message });
          // The visitor's message is kept, counts in the analytics, and the open inboxes show it for a person to answer.
          await keepWithoutReply();
          return { error: PROVIDER_FAILURE_MESSAGE };
        }
      } else if (correction) {
        answer = correction.corrected_response;
      } else if (!settings.allowOffTopic && isOffTopic(question, passages)) {
        answer = offTopicMessage(bot.business_name);
        offTopic = true;
      } else {
        const grounded = offlineAnswer(question, knowledge ?? { passages: [], termWeights: new Map() }, settings.strictnessLevel, bot.business_name);
        answer = grounded.answer ?? settings.fallbackMessage;
        sources = grounded.sources;
      }
    }

    countMetric(answer === settings.fallbackMessage ? 'FallbackAnswers' : 'ChatAnswers');
    // Analytics of visitors' turns only: the owner's and team's test chats are not customers' conversations.
    const visitorTurn = request.caller === undefined;
    const outcome = replyOutcome({
      answer,
      fallbackMessage: settings.fallbackMessage,
      transferRequested,
      offTopic,
      confirmationTurn: Boolean(answered || confirmation),
    });
    request.onReplyOutcome?.(outcome);
    answer = limitAnswerLength(answer, settings.maxResponseLength);
    const responseMs = Math.round(performance.now() - started);
    const userActions: UserAction[] = [];
    if (isNew) userActions.push('conversation_started');
    if (transferRequested) userActions.push('handoff_requested');
    if (detailsGiven) userActions.push('contact_details_given');
    const triggered = workflowsLoad
      ? matchTriggers(await workflowsLoad, { message: request.message, actions: userActions, modelIntent: await modelIntentLoad })
      : [];
    // A failure to move the visitor's activity fails the turn before its reply is stored.
    await activityMoved;
    replyStoring = true;
    const replyStored = storeReply(conversationId, bot.chatbot_id, {
      sender_type: 'assistant',
      content: answer,
      created_at: new Date().toISOString(),
      response_time_ms: responseMs,
      sources,
      ...(confirmation && { confirmation: confirmation.action }),
      ...(visitorTurn && questionLogFields(bot.chatbot_id, request.message, outcome, now)),
    }, { visitorMessage, newConversation: isNew });
    const [messageId] = await Promise.all([
      replyStored,
      announce?.(replyStored),
      visitorTurn &&
        recordChatTurn({
          chatbotId: bot.chatbot_id,
          conversationId,
          channel,
          newConversation: isNew,
          reply: { outcome, responseMs },
          at: now,
        }),
      transfer &&
        transferReason &&
        request.notifyAgents?.({
          transfer,
          ...(transfers.enabled && { escalationTimeoutSeconds: transfers.escalation_timeout }),
          agentEmails: transfers.agent_emails,
          businessName: bot.business_name,
          conversationId,
          reason: transferReason,
          message: request.message,
        }),
      triggered.length > 0 &&
        request.workflows?.start(triggered, {
          conversationId,
          contactId: request.contactId,
          contactName: request.contactName,
          contactPhone: request.contactPhone,
          businessName: bot.business_name,
          message: request.message,
        }),
    ]);
    return { message: answer, conversationId, messageId, sources, transferRequested, ...(confirmation && { confirmation }) };
  } catch (error) {
    // Once the reply's writes began, its conversation update may have counted the message unread already.
    const kept = replyStoring ? storeMessage(conversationId, visitorMessage) : storeVisitorMessage(conversationId, bot.chatbot_id, visitorMessage, isNew);
    await kept.catch((storeError: unknown) =>
      log.error("The visitor's message could not be stored after the turn failed", { chatbotId: bot.chatbot_id, conversationId, error: storeError }),
    );
    throw error;
  }
}

