import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** How far one stream shard's records were added to a day item: the attribute naming it and sequence numbers (comparable strings). */
export interface ShardMark {
  attribute: string;
  /** The first and last sequence numbers of the records this write adds. */
  first: string;
  last: string;
  /** The mark this write expects to find (read after a refused write); absent: none, or one before `first`. */
  expected?: string;
}

/**
 * analyticsDayAddition made once per run of records: the same UpdateItem also records the last
 * sequence number added, and is refused (ConditionalCheckFailedException) when the item's mark shows
 * records of this run were added already.
 */
export async function addToAnalyticsDayOnce(chatbotId: string, day: string, counters: Readonly<Record<string, number>>, mark: ShardMark): Promise<void> {
  const update = analyticsDayAddition(chatbotId, day, counters);
  const [set, add] = update.UpdateExpression.split(' ADD ');
  await getDocumentClient().send(
    new UpdateCommand({
      ...update,
      UpdateExpression: `${set}, #mark = :last${add ? ` ADD ${add}` : ''}`,
      ConditionExpression: mark.expected === undefined ? 'attribute_not_exists(#mark) OR #mark < :first' : '#mark = :expected',
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#mark': mark.attribute },
      ExpressionAttributeValues: {
        ...update.ExpressionAttributeValues,
        ':last': mark.last,
        ...(mark.expected === undefined ? { ':first': mark.first } : { ':expected': mark.expected }),
      },
    }),
  );
}

/** A day item's mark of one shard (consistent read), if it has one. */
export async function analyticsDayMark(chatbotId: string, day: string, attribute: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: requireEnv('TABLE_NAME'),
      Key: dayKeys({ chatbot_id: chatbotId, day }),
      ConsistentRead: true,
      ProjectionExpression: '#mark',
      ExpressionAttributeNames: { '#mark': attribute },
    }),
  );
  const mark: unknown = Item?.[attribute];
  return typeof mark === 'string' ? mark : undefined;
}
