import type { EntityItem } from 'electrodb';
import type { VisitorConversationResponse, VisitorMessage } from '../../contracts/chat.js';
import { TAKEOVER_NOTICE, type PersonShown } from '../../contracts/takeover.js';
import { db } from '../data/db.js';
import type { messageEntity } from '../data/entities.js';
import { currentConversation } from './conversation-store.js';
import type { Visitor } from './visitor-token.js';

type MessageItem = EntityItem<ReturnType<typeof messageEntity>>;

const NONE: VisitorConversationResponse = { conversationId: null, messages: [] };

/** The assistant's own answer, which the visitor rates: not a person's reply, a workflow's message or a Yes / No question. */
const isRateable = (m: MessageItem) => m.sender_type === 'assistant' && !m.agent_id && !m.workflow_id && !m.confirmation;

/** The person as they were shown when they wrote: their picture then (one of our own site's, the only kind a person can set). */
const personOf = (name: string, avatar: string | undefined): PersonShown => ({ name, ...(avatar && { avatar }) });

function toVisitorMessage(m: MessageItem): VisitorMessage {
  return {
    id: m.message_id,
    role: m.sender_type === 'user' ? 'user' : m.sender_type === 'system' ? 'notice' : 'assistant',
    content: m.content,
    created_at: m.created_at,
    rateable: isRateable(m),
    ...(m.feedback ? { rating: m.feedback } : {}),
    // A person's reply shows their name; a 'joined' notice names who answers since.
    ...(m.person_name && (m.agent_id || m.sender_type === 'system') ? { person: personOf(m.person_name, m.person_avatar) } : {}),
  };
}

/** What the visitor sees of the conversation: their messages, the business's, and the notices of who answers (no other system messages). */
const shownToVisitor = (m: MessageItem) => m.sender_type !== 'system' || m.message_type === TAKEOVER_NOTICE;

/**
 * get-visitor-conversation: the token holder's current conversation with the assistant, oldest first,
 * so a reloaded widget shows what a person answered while it was closed. Only the conversation the
 * visitor record names, and only if it is this contact's: another visitor's is never reachable.
 */
export async function visitorConversation(visitor: Visitor): Promise<VisitorConversationResponse> {
  const current = await currentConversation(visitor);
  if (!current) return NONE;
  const conversationId = current.conversation_id;
  const [{ data: conversation }, { data: messages }] = await Promise.all([
    db().entities.conversation.get({ conversation_id: conversationId }).go({ attributes: ['chatbot_id', 'contact_id'] }),
    db().entities.message.query.byConversation({ conversation_id: conversationId }).go({ pages: 'all' }),
  ]);
  // Deleted by the owner (messages go with it), or not this contact's.
  if (!conversation || conversation.chatbot_id !== visitor.chatbotId || conversation.contact_id !== visitor.contactId) return NONE;
  return {
    conversationId,
    messages: messages.filter(shownToVisitor).map(toVisitorMessage),
  };
}
