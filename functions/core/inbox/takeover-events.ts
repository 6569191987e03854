import { randomUUID } from 'node:crypto';
import type { ConversationStatus } from '../../contracts/inbox.js';
import type { ServerSocketMessage } from '../../contracts/realtime.js';
import { ASSISTANT_BACK_TEXT, personJoinedText, TAKEOVER_NOTICE, type PersonShown } from '../../contracts/takeover.js';
import { deliverOnChannel, isChannelConversation } from '../channels/channel-reply.js';
import { db } from '../data/db.js';
import { connectionsOfUser } from '../realtime/connections.js';
import { postToConnection } from '../realtime/post-to-connection.js';
import { visitorSocketKey } from '../realtime/visitor-replies.js';
import { log } from '../runtime/log.js';
import { PERSON_ANSWERING } from '../transfers/takeover.js';

/**
 * A person visibly taking a conversation over (issue 28): the visitor is told who joined and when the
 * assistant answers again. Each notice is stored in the conversation (a system message: the inbox
 * shows it centred, the visitor's widget as a line) and reaches the visitor: on WhatsApp, Messenger or
 * Instagram as a message, on the website through the open widget's socket.
 */

export interface VisitorConversation {
  conversation_id: string;
  chatbot_id: string;
  contact_id: string;
  channel: string;
}

/** Posts to the visitor's open widget sockets (a website conversation's). Best effort: a failure is logged. */
export async function postToVisitorSockets(conversation: VisitorConversation, message: ServerSocketMessage): Promise<void> {
  if (conversation.channel !== 'website') return;
  try {
    const connections = await connectionsOfUser(visitorSocketKey(conversation.chatbot_id, conversation.contact_id));
    await Promise.all(connections.map((id) => postToConnection(id, message)));
  } catch (error) {
    log.warn('Live event to the visitor not sent', { conversationId: conversation.conversation_id, type: message.type, error });
  }
}

/**
 * Stores a notice and gives it to the visitor. A channel customer gets it first and it is stored only
 * if they did (as the escalation message); a failure is logged, never the caller's: taking over or
 * handing back works whether or not the visitor could be told.
 */
async function noticeToVisitor(
  conversation: VisitorConversation,
  content: string,
  at: Date,
  event: (stored: { message_id: string; created_at: string }) => ServerSocketMessage,
  person?: PersonShown,
): Promise<void> {
  const stored = { message_id: randomUUID(), created_at: at.toISOString() };
  try {
    if (isChannelConversation(conversation)) {
      const delivery = await deliverOnChannel(conversation, content, stored.message_id, at.getTime());
      if (delivery && !delivery.ok) return void log.warn('Takeover notice not sent on the channel', { conversationId: conversation.conversation_id, error: delivery.error });
    }
    await db()
      .entities.message.put({
        conversation_id: conversation.conversation_id,
        ...stored,
        sender_type: 'system',
        content,
        message_type: TAKEOVER_NOTICE,
        ...(person && { person_name: person.name }),
        ...(person?.avatar && { person_avatar: person.avatar }),
      })
      .go();
    await postToVisitorSockets(conversation, event(stored));
  } catch (error) {
    log.warn('Takeover notice not given to the visitor', { conversationId: conversation.conversation_id, error });
  }
}

/** "Maria from Harbor Cafe joined the conversation". */
export function announcePersonJoined(conversation: VisitorConversation, businessName: string, person: PersonShown, at: Date): Promise<void> {
  const content = personJoinedText(person.name, businessName);
  return noticeToVisitor(
    conversation,
    content,
    at,
    (stored) => ({ type: 'person_joined', conversation_id: conversation.conversation_id, ...stored, content, person }),
    person,
  );
}

/** "The assistant is answering again". */
export function announceHandedBack(conversation: VisitorConversation, at: Date): Promise<void> {
  return noticeToVisitor(conversation, ASSISTANT_BACK_TEXT, at, (stored) => ({
    type: 'handed_back',
    conversation_id: conversation.conversation_id,
    ...stored,
    content: ASSISTANT_BACK_TEXT,
  }));
}

/** Who answered the conversation before a change: what decides whether the visitor is told of it. */
export interface AnsweringBefore {
  status: string;
  answered_by?: string;
  transfer_waiting_until?: string;
}

/**
 * What the visitor is told when the conversation goes to `next` by `userId`'s hand: a person joins when
 * they take over a conversation someone else (or the assistant) answered; the assistant answers again
 * when a person, or a transfer waiting for one, gives way to it. Nothing when nothing changes for them.
 */
export function takeoverChange(before: AnsweringBefore, next: ConversationStatus, userId: string, now: Date): 'joined' | 'handed_back' | undefined {
  if (next === PERSON_ANSWERING) return before.status !== PERSON_ANSWERING || before.answered_by !== userId ? 'joined' : undefined;
  const waiting = before.transfer_waiting_until !== undefined && Date.parse(before.transfer_waiting_until) > now.getTime();
  return before.status === PERSON_ANSWERING || waiting ? 'handed_back' : undefined;
}
