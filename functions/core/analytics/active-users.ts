import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { OWNER_CONTACT_PREFIX } from '../chat/owner-contact.js';
import { getDocumentClient } from '../data/client.js';
import { db } from '../data/db.js';

/**
 * Different visitors who wrote since `since` (ISO). Ranges end now, so these are the visitors whose
 * last message is at or after it: counted (not read) on the visitors' activity index, without the
 * owner's own test contacts. The one figure not taken from the rollup, since distinct counts do not add up.
 */
export async function activeUsersSince(chatbotId: string, since: string): Promise<number> {
  const params = db()
    .entities.visitor.query.byActivity({ chatbot_id: chatbotId })
    .gte({ last_message_at: since })
    .where(({ contact_id }, { begins }) => `NOT ${begins(contact_id, OWNER_CONTACT_PREFIX)}`)
    .params() as QueryCommandInput;
  let count = 0;
  let start: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await getDocumentClient().send(new QueryCommand({ ...params, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
