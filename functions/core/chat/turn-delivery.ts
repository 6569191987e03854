import { randomUUID } from 'node:crypto';
import type { ChatResponse } from '../../contracts/chat.js';
import { questionLogFields, replyOutcome } from '../analytics/question-log.js';
import { log } from '../runtime/log.js';
import { countMetric } from '../runtime/observability.js';
import type { UserAction } from '../../contracts/workflows.js';
import { matchTriggers } from '../workflows/triggers.js';
import { limitAnswerLength } from './answer-length.js';
import { PROVIDER_FAILURE_MESSAGE, type ChatOutcome } from './chat-turn.js';
import { storeMessage, storeReply, storeVisitorMessage } from './conversation-store.js';
import { db } from '../data/db.js';
import type { ItemPut } from '../data/put-together.js';
import { doneRecord, failClaim, finishClaim } from './turn-claim.js';
import { requestAgentTransfer, transferWaitsUntil, type TransferRef } from './escalation.js';
import { streamAnswer } from './answer-stream.js';
import { factCheck } from './grounding-check.js';
import { ProviderFailure, openAiAnswer, openAiAnswerDeltas, type AnswerPrompt } from './openai-responder.js';
import type { ReplyDecision, Source } from './reply-decision.js';
import { sourceTitle } from './source-link.js';
import { systemPrompt, temperatureFor } from './system-prompt.js';
import type { StartedTurn, TurnState } from './turn-state.js';

/** A reply ready to store: its text and sources, and how it answered. */
interface Reply {
  text: string;
  sources: Source[];
  transfer?: { ref: TransferRef; reason: string };
  confirmation?: 'handoff';
  offTopic: boolean;
  confirmationTurn: boolean;
  /** Streamed to the client as it is: cut to length and checked already, stored exactly as sent. */
  streamed?: true;
}

/**
 * The visitor's message stored without a reply (their activity moved): it counts in the analytics and
 * the open inboxes show it. The outcome is recorded for a repeat of the client message id once it is stored.
 */
async function keepWithoutReply(turn: StartedTurn, outcome: ChatOutcome): Promise<ChatOutcome> {
  const { bot, conversationId, visitorMessage, isNew } = turn;
  const stored = storeVisitorMessage(conversationId, bot.chatbot_id, visitorMessage, isNew).then(
    () => turn.claim && finishClaim(turn.claim.message, turn.claim.held, outcome),
  );
  await Promise.all([stored, turn.activityMoved, turn.announce?.(stored)]);
  return outcome;
}

/** After a failed turn the visitor's message is kept (a person can answer it from the inbox). */
export async function keepAfterFailure(turn: StartedTurn): Promise<void> {
  const { bot, conversationId, visitorMessage, isNew } = turn;
  // Once the reply's writes began, its conversation update may have counted the message unread already.
  const kept = turn.replyStoring ? storeMessage(conversationId, visitorMessage) : storeVisitorMessage(conversationId, bot.chatbot_id, visitorMessage, isNew);
  await kept.catch((storeError: unknown) =>
    log.error("The visitor's message could not be stored after the turn failed", { chatbotId: bot.chatbot_id, conversationId, error: storeError }),
  );
  // A retry of the client message id runs the turn again, writing the same items as this one did.
  if (turn.claim) {
    await failClaim(turn.claim.message, turn.claim.held, { conversationId, ...(turn.replyStoring && { replyAt: turn.replyKey.createdAt }) }).catch(
      (error: unknown) => log.error('The claim of a failed turn could not be released', { chatbotId: bot.chatbot_id, conversationId, error }),
    );
  }
}

/**
 * The model's answer to the turn, checked against what it was given: one stating a price, number,
 * phone or e-mail the knowledge does not becomes the fallback message. Streamed to the client's socket
 * when it listens, each sentence checked before it is sent: the first that fails ends the answer with
 * the fallback message. Undefined when the provider failed.
 */
async function modelReply(turn: StartedTurn, state: TurnState, decision: Extract<ReplyDecision, { kind: 'model' }>): Promise<Reply | undefined> {
  const { bot, settings, request } = turn;
  const { passages, requiredAnswer } = decision;
  const prompt: AnswerPrompt = {
    system: systemPrompt({
      businessName: bot.business_name,
      agentName: bot.agent_name,
      personality: bot.agent_personality,
      websiteUrl: bot.website_url,
      settings,
      passages,
      requiredAnswer,
    }),
    history: state.history,
    question: request.message,
    temperature: temperatureFor(settings.creativityLevel),
    maxCharacters: settings.maxResponseLength,
  };
  const invented = factCheck([
    ...passages.map((p) => `${p.title}\n${p.heading ?? ''}\n${p.text}`),
    requiredAnswer ?? '',
    request.message,
    ...state.history.map((m) => m.content),
  ]);
  const logContext = { chatbotId: bot.chatbot_id, conversationId: turn.conversationId };
  const fallback: Reply = { text: settings.fallbackMessage, sources: [], offTopic: false, confirmationTurn: false };
  const sources = passages.filter((p) => p.url).map((p) => ({ title: sourceTitle(p), url: p.url! })).slice(0, 3);
  let text: string;
  try {
    if (request.streamTo) {
      const answer = await streamAnswer({
        deltas: openAiAnswerDeltas(prompt),
        target: request.streamTo,
        invented,
        fallbackMessage: settings.fallbackMessage,
        maxCharacters: settings.maxResponseLength,
        logContext,
      });
      if (answer.streamed) {
        // An answer ended by the fallback is the fallback's: its sources are not shown.
        return { ...fallback, text: answer.text, sources: answer.endedWithFallback ? [] : sources, streamed: true };
      }
      text = answer.text;
    } else {
      text = await openAiAnswer(prompt);
    }
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    log.error('AI provider failed', { ...logContext, error: error.message });
    return undefined;
  }
  const facts = invented(text);
  if (facts.length) {
    log.warn('The model stated facts its knowledge does not; answering with the fallback', { chatbotId: bot.chatbot_id, invented: facts });
    return fallback;
  }
  return { ...fallback, text, sources };
}

/** The decided reply made concrete: a handoff records its transfer, the model writes its answer. */
async function replyOf(turn: StartedTurn, state: TurnState, decision: Exclude<ReplyDecision, { kind: 'person-answering' }>): Promise<Reply | undefined> {
  const plain = { sources: [], offTopic: false, confirmationTurn: false };
  switch (decision.kind) {
    case 'handoff': {
      const ref = await requestAgentTransfer(turn.bot.chatbot_id, turn.conversationId, decision.reason, turn.now);
      return { ...plain, text: decision.text, transfer: { ref, reason: decision.reason } };
    }
    case 'confirmation':
      return { ...plain, text: decision.text, confirmation: decision.confirmation, confirmationTurn: true };
    case 'declined':
      return { ...plain, text: decision.text, confirmationTurn: true };
    case 'model':
      return modelReply(turn, state, decision);
    case 'off-topic':
      return { ...plain, text: decision.text, offTopic: true };
    case 'offline':
      return { ...plain, text: decision.text, sources: decision.sources };
    case 'correction':
      return { ...plain, text: decision.text };
  }
}

/**
 * Delivers the decided reply: stores the visitor's message with it (or alone when a person answers or
 * the provider failed), and meanwhile announces it to the open inboxes, counts it in the analytics,
 * tells the agents of a transfer and starts the workflows the message triggers.
 */
export async function deliverReply(turn: StartedTurn, state: TurnState, decision: ReplyDecision): Promise<ChatOutcome> {
  const { bot, request, settings, conversationId, isNew, visitorMessage, now, transfers } = turn;
  // A conversation a person took over is not the assistant's to answer.
  if (decision.kind === 'person-answering') {
    return keepWithoutReply(turn, {
      message: decision.text,
      conversationId,
      messageId: visitorMessage.messageId,
      sources: [],
      transferRequested: false,
      personAnswering: true,
    });
  }
  const reply = await replyOf(turn, state, decision);
  if (!reply) {
    // The visitor's message is kept, counts in the analytics, and the open inboxes show it for a person to answer.
    return keepWithoutReply(turn, { error: PROVIDER_FAILURE_MESSAGE });
  }
  countMetric(reply.text === settings.fallbackMessage ? 'FallbackAnswers' : 'ChatAnswers');
  // Analytics of visitors' turns only: the owner's and team's test chats are not customers' conversations.
  const visitorTurn = request.caller === undefined;
  const transferRequested = reply.transfer !== undefined;
  const answered = replyOutcome({
    answer: reply.text,
    fallbackMessage: settings.fallbackMessage,
    transferRequested,
    offTopic: reply.offTopic,
    confirmationTurn: reply.confirmationTurn,
  });
  request.onReplyOutcome?.(answered);
  // A streamed answer is stored exactly as the client received it (it was cut to length as it was sent).
  const answer = reply.streamed ? reply.text : limitAnswerLength(reply.text, settings.maxResponseLength);
  const responseMs = Math.round(performance.now() - turn.started);
  const userActions: UserAction[] = [];
  if (isNew) userActions.push('conversation_started');
  if (transferRequested) userActions.push('handoff_requested');
  if (state.detailsGiven) userActions.push('contact_details_given');
  const triggered = turn.workflowsLoad
    ? matchTriggers(await turn.workflowsLoad, { message: request.message, actions: userActions, modelIntent: await turn.modelIntentLoad })
    : [];
  // The visitor's last activity moves beside the reply's writes, not before them: a turn that waited for
  // that update sat idle until it returned. Should it fail, the messages are stored all the same and only
  // the conversation timeout counts from the visitor's previous message.
  const activityMoved = turn.activityMoved?.catch((error: unknown) =>
    log.error("The visitor's last activity could not be moved", { chatbotId: bot.chatbot_id, conversationId, error }),
  );
  const replyId = turn.replyKey.messageId ?? randomUUID();
  turn.replyKey.createdAt ??= new Date().toISOString();
  const confirmation: ChatResponse['confirmation'] = reply.confirmation && { action: reply.confirmation };
  const outcome: ChatOutcome = {
    message: answer,
    conversationId,
    messageId: replyId,
    sources: reply.sources,
    transferRequested,
    ...(confirmation && { confirmation }),
  };
  // The claim of the client message id is done in the same request as the messages.
  const claimDone: ItemPut[] = turn.claim ? [db().entities.chatTurn.put(doneRecord(turn.claim.message, turn.claim.held, outcome)).params<ItemPut>()] : [];
  turn.replyStoring = true;
  const replyStored = storeReply(conversationId, bot.chatbot_id, {
    sender_type: 'assistant',
    content: answer,
    created_at: turn.replyKey.createdAt,
    response_time_ms: responseMs,
    sources: reply.sources,
    ...(reply.confirmation && { confirmation: reply.confirmation }),
    ...(visitorTurn && questionLogFields(bot.chatbot_id, request.message, answered, now)),
  }, {
    messageId: replyId,
    // Counted from the stream of stored messages (core/analytics/stream-counting.ts), not by the turn.
    ...(visitorTurn && { counts: { kind: 'reply', chatbot_id: bot.chatbot_id, at: now.toISOString(), response_ms: responseMs, outcome: answered } }),
    visitorMessage,
    newConversation: isNew,
    alsoPut: claimDone,
    // The visitor's next messages wait for a person (acknowledged) until the transfer's escalation timeout.
    ...(reply.transfer && { transferWaitingUntil: transferWaitsUntil(transfers, now) }),
  });
  await Promise.all([
    replyStored,
    activityMoved,
    turn.announce?.(replyStored),
    reply.transfer &&
      request.notifyAgents?.({
        transfer: reply.transfer.ref,
        ...(transfers.enabled && { escalationTimeoutSeconds: transfers.escalation_timeout }),
        agentEmails: transfers.agent_emails,
        businessName: bot.business_name,
        conversationId,
        reason: reply.transfer.reason,
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
  return outcome;
}
