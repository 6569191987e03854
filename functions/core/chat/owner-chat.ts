import type { ChatOutcome } from './chat-engine.js';
import type { OwnerChatRequest } from '../../contracts/chat.js';
import type { Identity } from '../http/identity.js';
import { chat } from './chat-engine.js';
import { enforceLimit } from './rate-limit.js';

/** The owner's own test messages per minute, across their assistants (they cost like a visitor's). */
export const OWNER_CHAT_PER_MINUTE = 60;

/**
 * chat-as-owner: the owner's test chat and Training studio. The contact is the signed-in owner and one
 * of their sessions, so nobody else can read or continue these conversations, and the assistant must
 * be theirs (anyone else's is a 404).
 */
export function ownerChat(identity: Identity, chatbotId: string, request: OwnerChatRequest, now = new Date()): Promise<ChatOutcome> {
  return chat(
    {
      chatbotId,
      contactId: `owner:${identity.userId}:${request.session}`,
      contactName: request.contactName,
      message: request.message,
      confirm: request.confirm,
      ownerId: identity.userId,
      countTurn: () => enforceLimit(`chat:owner:${identity.userId}`, OWNER_CHAT_PER_MINUTE, 'Too many test messages right now.', now.getTime()),
    },
    now,
  );
}
