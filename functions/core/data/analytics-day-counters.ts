import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createConversions, EntityIdentifierFields } from 'electrodb';
import { requireEnv } from '../runtime/env.js';
import { getDocumentClient } from './client.js';
import { analyticsDayKeysEntity, analyticsDayModel } from './entities.js';

type DayKeys = (key: { chatbot_id: string; day: string }) => Record<string, string>;
let dayKeysOfEntity: DayKeys | undefined;
/** The day entity's own keys, of its definition without the counters, built on the first write. */
const dayKeys: DayKeys = (key) => (dayKeysOfEntity ??= createConversions(analyticsDayKeysEntity()).fromComposite.toKeys)(key);
// The entity's name and version, in ElectroDB's order (its typings of EntityIdentifiers disagree with its code).
const [entityField, versionField] = EntityIdentifierFields as [string, string];

/**
 * The UpdateItem ElectroDB makes of `analyticsDay.update(key).add(counters)`, built directly. ElectroDB
 * builds a proxy for each of an entity's attributes on every operation, and the day item declares
 * every counter of every hour (over 500): that cost about 2 ms of CPU per counter write, more than
 * the write itself on DynamoDB Local, on the hottest write of the app (every chat turn). The keys are
 * ElectroDB's own (its conversions), the item carries the same identifiers and key attributes, so
 * ElectroDB reads it as its own (core/analytics/analyze-performance.ts).
 */
export function analyticsDayAddition(chatbotId: string, day: string, counters: Readonly<Record<string, number>>) {
  const names: Record<string, string> = { '#e': entityField, '#v': versionField, '#chatbot': 'chatbot_id', '#day': 'day' };
  const values: Record<string, string | number> = {
    ':e': analyticsDayModel.entity,
    ':v': analyticsDayModel.version,
    ':chatbot': chatbotId,
    ':day': day,
  };
  const additions = Object.entries(counters).map(([attribute, value], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = value;
    return `#a${i} :a${i}`;
  });
  return {
    TableName: requireEnv('TABLE_NAME'),
    Key: dayKeys({ chatbot_id: chatbotId, day }),
    UpdateExpression: `SET #chatbot = :chatbot, #day = :day, #e = :e, #v = :v ADD ${additions.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Adds to counters of an assistant's day item (created by the first write): one UpdateItem. */
export async function addToAnalyticsDay(chatbotId: string, day: string, counters: Readonly<Record<string, number>>): Promise<void> {
  await getDocumentClient().send(new UpdateCommand(analyticsDayAddition(chatbotId, day, counters)));
}
