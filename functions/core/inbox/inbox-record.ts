import type { EntityItem } from 'electrodb';
import { conversationChannels, conversationStatuses, type InboxConversation, type InboxMessage } from '../../contracts/inbox.js';
import type { conversationEntity, messageEntity } from '../data/entities.js';

export type StoredConversation = EntityItem<ReturnType<typeof conversationEntity>>;
export type StoredMessage = EntityItem<ReturnType<typeof messageEntity>>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

export function toInboxConversation(conversation: StoredConversation, businessName: string): InboxConversation {
  return {
    id: conversation.conversation_id,
    chatbot_id: conversation.chatbot_id,
    business_name: businessName,
    channel: oneOf(conversationChannels, conversation.channel, 'website'),
    contact_id: conversation.contact_id,
    contact_name: conversation.contact_name ?? null,
    contact_phone: conversation.contact_phone ?? null,
    contact_avatar: conversation.contact_avatar ?? null,
    customer_name: conversation.customer_name ?? null,
    customer_phone: conversation.customer_phone ?? null,
    customer_email: conversation.customer_email ?? null,
    reason_for_enquiry: conversation.reason_for_enquiry ?? null,
    tags: [...(conversation.contact_tags ?? [])].sort((a, b) => a.localeCompare(b)),
    status: oneOf(conversationStatuses, conversation.status, 'active'),
    unread_count: Math.max(0, conversation.unread_count ?? 0),
    last_message_at: conversation.last_message_at,
    created_at: conversation.created_at,
  };
}

export function toInboxMessage(message: StoredMessage): InboxMessage {
  return {
    id: message.message_id,
    conversation_id: message.conversation_id,
    sender_type: message.sender_type,
    content: message.content,
    message_type: message.message_type,
    agent_id: message.agent_id ?? null,
    ...(message.person_name && { person_name: message.person_name }),
    ...(message.person_avatar && { person_avatar: message.person_avatar }),
    created_at: message.created_at,
  };
}
