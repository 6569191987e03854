import type { StartVisitorResponse } from '../../contracts/chat.js';
import { requireEmbedAllowed } from '../channels/embed-origin.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import { enforcePublicLimits } from './rate-limit.js';
import { visitorChatLimits } from './visitor-chat.js';
import { issueVisitorToken, newContactId } from './visitor-token.js';

/**
 * start-visitor: a new visitor's token before their first message, so the widget can open its socket
 * while the visitor writes and the first answer streams like the others (issue 28). Asked for when the
 * visitor opens the chat or starts typing, never on page load. Nothing is stored: a contact exists
 * only once it sends a message (with this token, so that message's retries keep their client message
 * id's once-only guarantee). Limited and refused like POST /chat.
 */
export async function startVisitor(chatbotId: string, sourceIp: string, origin: string | undefined, now = new Date()): Promise<StartVisitorResponse> {
  const [{ data: bot }] = await Promise.all([
    db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['is_active', 'deployment_channels', 'allowed_domains'] }),
    enforcePublicLimits('visitor', chatbotId, sourceIp, visitorChatLimits()),
  ]);
  if (!bot || bot.is_active === false) throw notFound("This chatbot is either inactive or doesn't exist.");
  requireEmbedAllowed(bot, origin);
  return { visitorToken: await issueVisitorToken({ chatbotId, contactId: newContactId() }, now) };
}
