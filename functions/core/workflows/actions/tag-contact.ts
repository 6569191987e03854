import { db } from '../../data/db.js';
import { NO_CONVERSATION, type ActionContext } from './action-context.js';

/** tag_contact: adds the tags to the contact of the triggering conversation (a set: tagging twice adds nothing). */
export async function tagContactAction(config: { tags: string[] }, { execution, trigger, now }: ActionContext): Promise<string> {
  const tags = config.tags.join(', ');
  if (!trigger.contact_id) return `${NO_CONVERSATION}; the contact would be tagged ${tags}`;
  await db()
    .entities.contactTags.update({ chatbot_id: execution.chatbot_id, contact_id: trigger.contact_id })
    .add({ tags: config.tags })
    .set({ updated_at: now.toISOString() })
    .go();
  return `Contact tagged ${tags}`;
}
