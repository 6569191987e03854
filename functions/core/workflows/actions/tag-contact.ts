import { tagContact } from '../../inbox/contact-tags.js';
import { announceInboxChange } from '../../realtime/inbox-updates.js';
import { NO_CONVERSATION, type ActionContext } from './action-context.js';

/** tag_contact: adds the tags to the contact of the triggering conversation (a set: tagging twice adds nothing). */
export async function tagContactAction(config: { tags: string[] }, { execution, trigger, now }: ActionContext): Promise<string> {
  const tags = config.tags.join(', ');
  if (!trigger.contact_id) return `${NO_CONVERSATION}; the contact would be tagged ${tags}`;
  await tagContact(execution.chatbot_id, trigger.contact_id, config.tags, now);
  // An open inbox shows the tag without a reload.
  if (trigger.conversation_id) await announceInboxChange(execution.chatbot_id, trigger.conversation_id);
  return `Contact tagged ${tags}`;
}
