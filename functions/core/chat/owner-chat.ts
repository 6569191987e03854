import type { ChatOutcome } from './chat-engine.js';
import type { OwnerChatRequest } from '../../contracts/chat.js';
import type { Caller } from '../access/authorize.js';
import { chat } from './chat-engine.js';
import { ownerContactId } from './owner-contact.js';
import { enforceLimit } from './rate-limit.js';

/** The owner's own test messages per minute, across their assistants (they cost like a visitor's). */
export const OWNER_CHAT_PER_MINUTE = 60;

/**
 * chat-as-owner: the test chat and Training studio. The contact is the signed-in caller and one of
 * their sessions, so nobody else can read or continue these conversations; the caller is the
 * assistant's owner or an editor of its team (core/access/authorize.ts; anyone else's is a 404).
 */
export function ownerChat(caller: Caller, chatbotId: string, request: OwnerChatRequest, now = new Date()): Promise<ChatOutcome> {
  return chat(
    {
      chatbotId,
      contactId: ownerContactId(caller.userId, request.session),
      contactName: request.contactName,
      message: request.message,
      clientMessageId: request.clientMessageId,
      confirm: request.confirm,
      caller,
      // The caller's own open dashboards (their signed-in sockets); the page that sent it picks it by its id.
      ...(request.stream && request.clientMessageId && { streamTo: { clientMessageId: request.clientMessageId, socketKey: caller.userId } }),
      countTurn: () => enforceLimit(`chat:owner:${caller.userId}`, OWNER_CHAT_PER_MINUTE, 'Too many test messages right now.', now.getTime()),
    },
    now,
  );
}
