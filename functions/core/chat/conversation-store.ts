import { randomUUID } from 'node:crypto';
import { db } from '../data/db.js';

export interface StoredMessage {
  sender_type: 'user' | 'assistant' | 'system';
  content: string;
  created_at: string;
}

export interface LatestConversation {
  conversation_id: string;
  last_message_at: string;
}

/** The visitor's most recent conversation with this assistant, if any. */
export async function latestConversation(chatbotId: string, contactId: string): Promise<LatestConversation | undefined> {
  const { data } = await db()
    .entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: contactId })
    .go({ order: 'desc', limit: 1 });
  return data[0];
}

/**
 * The visitor's latest conversation if it is still within the conversation timeout, else a new one
 * (spec 001: conversationTimeout starts a new conversation).
 */
export async function continueOrStartConversation(args: {
  latest: LatestConversation | undefined;
  chatbotId: string;
  ownerId: string;
  contactId: string;
  contactName?: string;
  timeoutMs: number;
  now: Date;
}): Promise<{ conversationId: string; isNew: boolean }> {
  const { latest } = args;
  if (latest && args.now.getTime() - Date.parse(latest.last_message_at) <= args.timeoutMs) {
    return { conversationId: latest.conversation_id, isNew: false };
  }
  const conversationId = randomUUID();
  await db()
    .entities.conversation.create({
      conversation_id: conversationId,
      chatbot_id: args.chatbotId,
      user_id: args.ownerId,
      channel: 'website',
      contact_id: args.contactId,
      contact_name: args.contactName,
      status: 'active',
      last_message_at: args.now.toISOString(),
      created_at: args.now.toISOString(),
    })
    .go();
  return { conversationId, isNew: true };
}

export async function storeMessage(
  conversationId: string,
  message: StoredMessage & { response_time_ms?: number; sources?: { title: string; url: string }[]; confirmation?: 'handoff' },
): Promise<string> {
  const messageId = randomUUID();
  // Independent writes: the message, and the conversation's last activity (what the timeout reads).
  await Promise.all([
    db()
      .entities.message.create({ conversation_id: conversationId, message_id: messageId, message_type: 'text', ...message })
      .go(),
    db().entities.conversation.patch({ conversation_id: conversationId }).set({ last_message_at: message.created_at }).go(),
  ]);
  return messageId;
}

/** The last `count` messages of a conversation written before `before`, oldest first (the model's context window). */
export async function recentMessages(conversationId: string, count: number, before: string): Promise<StoredMessage[]> {
  const { data } = await db()
    .entities.message.query.byConversation({ conversation_id: conversationId })
    .lt({ created_at: before })
    .go({ order: 'desc', limit: count });
  return data.reverse().map(({ sender_type, content, created_at }) => ({ sender_type, content, created_at }));
}
