import type { ConversationTagsResponse, ListConversationTagsQuery } from '../../contracts/inbox.js';
import type { Caller } from '../access/authorize.js';
import { tagsInUse } from './contact-tags.js';
import { inboxChatbots } from './list-conversations.js';

/** GET /conversation-tags: the tags on the contacts of the assistants the caller's inbox shows. */
export async function listConversationTags(caller: Caller, query: ListConversationTagsQuery): Promise<ConversationTagsResponse> {
  const chatbots = await inboxChatbots(caller, query.chatbotId);
  return { tags: await tagsInUse(chatbots.map((bot) => bot.chatbot_id)) };
}
