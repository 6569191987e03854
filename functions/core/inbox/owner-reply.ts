import { randomUUID } from 'node:crypto';
import type { Caller } from '../access/authorize.js';
import type { InboxConversation, InboxMessage } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { announceInboxChange } from '../realtime/inbox-updates.js';
import { sendToVisitor } from '../realtime/visitor-replies.js';
import { notFound } from '../http/http-error.js';
import { toInboxConversation, toInboxMessage } from './inbox-record.js';
import { conversationFor } from './conversation-access.js';
import { moveTransfers, PERSON_ANSWERING } from '../transfers/takeover.js';
import { personShown } from './person-shown.js';
import { announcePersonJoined, takeoverChange } from './takeover-events.js';
import { sendReplyOnChannel } from '../channels/channel-reply.js';

/**
 * The owner answers in the inbox: stored as the business's reply (sender assistant, message_type text,
 * spec 001) with who wrote it, and the conversation's last activity moves with it, in one transaction.
 * A person answering takes the conversation over (status in_progress, its pending transfer accepted):
 * the assistant stays quiet until it is handed back or resolved (core/transfers/takeover.ts), and the
 * visitor sees the person join and their name on the reply (core/inbox/takeover-events.ts).
 */
export async function sendOwnerReply(
  caller: Caller,
  conversationId: string,
  content: string,
  now = new Date(),
): Promise<{ message: InboxMessage; conversation: InboxConversation }> {
  // Who the person is (their name on the reply) is read beside the conversation, not after it.
  const [{ conversation, chatbot }, person] = await Promise.all([conversationFor(caller, conversationId), personShown(caller.userId, caller.email)]);
  const joins = takeoverChange(conversation, PERSON_ANSWERING, caller.userId, now) === 'joined';
  // The visitor sees the person join just before their first reply (the notice is a millisecond older, so listed first).
  if (joins) await announcePersonJoined(conversation, chatbot.business_name, person, new Date(now.getTime() - 1));
  const at = now.toISOString();
  const messageId = randomUUID();
  // A WhatsApp, Messenger or Instagram customer gets the reply through Meta first (refused: nothing stored).
  await sendReplyOnChannel(conversation, content.trim(), messageId, now.getTime());
  const message = {
    conversation_id: conversationId,
    message_id: messageId,
    sender_type: 'assistant' as const,
    content: content.trim(),
    message_type: 'text',
    agent_id: caller.userId,
    person_name: person.name,
    ...(person.avatar && { person_avatar: person.avatar }),
    created_at: at,
  };
  // ElectroDB reports a cancelled transaction in its result: the conversation was deleted meanwhile.
  const { canceled } = await db()
    .transaction.write(({ message: messages, conversation: conversations }) => [
      messages.create(message).commit(),
      conversations
        .patch({ conversation_id: conversationId })
        .set({ last_message_at: at, status: PERSON_ANSWERING, answered_by: caller.userId })
        .remove(['transfer_waiting_until'])
        .composite({ chatbot_id: conversation.chatbot_id })
        .commit(),
    ])
    .go();
  if (canceled) throw notFound('Conversation not found');
  await moveTransfers(conversationId, 'in_progress', caller.email);
  // The visitor's open widget shows the reply live; the other readers' open inboxes (the owner, the team) too.
  await Promise.all([
    sendToVisitor(conversation, { conversation_id: conversationId, message_id: messageId, content: message.content, created_at: at, person }),
    announceInboxChange(conversation.chatbot_id, conversationId),
  ]);
  return {
    message: toInboxMessage(message),
    conversation: toInboxConversation({ ...conversation, last_message_at: at, status: PERSON_ANSWERING }, chatbot.business_name),
  };
}
