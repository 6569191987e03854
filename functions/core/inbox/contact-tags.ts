import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { deleteAll } from '../data/delete-all.js';

/**
 * A contact's tags live on their contactTags record. Each of the contact's conversations carries a
 * copy (contact_tags), so the inbox shows a page of conversations with their tags and filters its
 * list by a tag in the same query that pages it: this module is the one place that writes both.
 */

/** Adds tags to a contact (a set: tagging twice adds nothing) and to each of their conversations. */
export async function tagContact(chatbotId: string, contactId: string, tags: readonly string[], now: Date): Promise<void> {
  const key = { chatbot_id: chatbotId, contact_id: contactId };
  // An upsert writes the keys of every index (an update writes only the table's own), so the assistant's list of tagged contacts has the contact.
  await db()
    .entities.contactTags.upsert({ ...key, updated_at: now.toISOString() })
    .add({ tags: [...tags] })
    .go();
  const { data: conversations } = await db().entities.conversation.query.byContact(key).go({ pages: 'all', attributes: ['conversation_id'] });
  await Promise.all(
    conversations.map(({ conversation_id }) =>
      db()
        .entities.conversation.patch({ conversation_id })
        .add({ contact_tags: [...tags] })
        .go()
        .catch((error: unknown) => {
          // Deleted meanwhile: nothing left to tag.
          if (!isConditionalFailure(error)) throw error;
        }),
    ),
  );
}

/** The contact's tags, for a conversation of theirs that starts now (none: an empty list). */
export async function tagsOfContact(chatbotId: string, contactId: string): Promise<string[]> {
  const { data } = await db().entities.contactTags.get({ chatbot_id: chatbotId, contact_id: contactId }).go({ attributes: ['tags'] });
  return data?.tags ?? [];
}

/** Every tag on a contact of these assistants, sorted: what the inbox offers to filter by. */
export async function tagsInUse(chatbotIds: readonly string[]): Promise<string[]> {
  const tagged = await Promise.all(
    chatbotIds.map((chatbot_id) => db().entities.contactTags.query.byChatbot({ chatbot_id }).go({ pages: 'all', attributes: ['tags'] })),
  );
  const tags = new Set(tagged.flatMap(({ data }) => data.flatMap((contact) => contact.tags ?? [])));
  return [...tags].sort((a, b) => a.localeCompare(b));
}

/** An assistant's contacts' tags go with it (their conversations' copies go with the conversations). */
export async function deleteContactTagsOfChatbot(chatbotId: string): Promise<void> {
  const { entities } = db();
  const { data } = await entities.contactTags.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', attributes: ['chatbot_id', 'contact_id'] });
  await deleteAll('contact tags', data, (keys) => entities.contactTags.delete(keys).go());
}
