import type { ChatRequest, VisitorChatOutcome } from '../../contracts/chat.js';
import { announceNewTransfer } from '../transfers/new-transfer.js';
import { workflowTriggers } from '../workflows/chat-triggers.js';
import { chat } from './chat-engine.js';
import { enforcePublicLimits, type PublicLimits } from './rate-limit.js';
import { prepareInboxAnnouncement } from '../realtime/inbox-updates.js';
import { visitorSocketKey } from '../realtime/visitor-replies.js';
import { issueVisitorToken, newContactId, verifyVisitorToken } from './visitor-token.js';

/** Public chat limits per minute (README "Limits"); the environment may raise them. */
export function visitorChatLimits(): PublicLimits {
  const configured = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    perSource: configured('CHAT_LIMIT_PER_SOURCE_PER_MINUTE', 20),
    perAssistant: configured('CHAT_LIMIT_PER_ASSISTANT_PER_MINUTE', 600),
  };
}

/**
 * chat-with-emma for visitors (embed widget, demo page). The first message comes without a token and
 * gets a new contact id nobody can guess; later ones are that contact only by the token the previous
 * reply carried. Every answer, also a provider failure, carries the renewed token.
 */
export async function visitorChat(
  request: ChatRequest,
  sourceIp: string,
  now = new Date(),
  pageOrigin?: string,
): Promise<VisitorChatOutcome> {
  const { conversationId: conversationHint, ...visitor } = request.visitorToken
    ? await verifyVisitorToken(request.visitorToken, request.chatbotId)
    : { chatbotId: request.chatbotId, contactId: newContactId() };
  const outcome = await chat(
    {
      ...visitor,
      conversationHint,
      message: request.message,
      clientMessageId: request.clientMessageId,
      contactName: request.contactName,
      confirm: request.confirm,
      newContact: !request.visitorToken,
      // Only a visitor with a token can have opened their socket (it is opened with that token).
      ...(request.stream &&
        request.clientMessageId &&
        request.visitorToken && { streamTo: { clientMessageId: request.clientMessageId, socketKey: visitorSocketKey(visitor.chatbotId, visitor.contactId) } }),
      pageOrigin,
      workflows: workflowTriggers,
      // The owner's open inboxes show the visitor's message and reply as they are stored.
      announceToInbox: prepareInboxAnnouncement,
      notifyAgents: announceNewTransfer,
      countTurn: () => enforcePublicLimits('chat', request.chatbotId, sourceIp, visitorChatLimits()),
    },
    now,
  );
  const conversationId = 'conversationId' in outcome ? outcome.conversationId : undefined;
  return { ...outcome, visitorToken: await issueVisitorToken(visitor, now, conversationId) };
}
