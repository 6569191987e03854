import { beforeAll, describe, expect, it } from 'vitest';
import { rollupAttributes } from '../../../functions/core/analytics/rollup-counters.js';
import { analyticsDayAddition } from '../../../functions/core/data/analytics-day-counters.js';
import { analyticsDayEntity } from '../../../functions/core/data/entities.js';

interface UpdateParams {
  TableName?: string;
  Key?: Record<string, unknown>;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** What an UpdateItem of plain `SET a = :v, ...` and `ADD a :v, ...` clauses does, by attribute name. */
function effect(params: UpdateParams) {
  const name = (token: string) => params.ExpressionAttributeNames?.[token] ?? token;
  const value = (token: string) => params.ExpressionAttributeValues?.[token];
  const clauses = (keyword: string, separator: RegExp) =>
    Object.fromEntries(
      (params.UpdateExpression?.match(new RegExp(`${keyword} (.*?)(?= (?:SET|ADD|REMOVE|DELETE) |$)`))?.[1] ?? '')
        .split(', ')
        .filter(Boolean)
        .map((clause) => clause.split(separator))
        .map(([attribute, operand]) => [name(attribute!), value(operand!)]),
    );
  return { table: params.TableName, key: params.Key, set: clauses('SET', / = /), add: clauses('ADD', / /) };
}

describe('the analytics day counter write', () => {
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'unit-test-table';
  });

  it('is the UpdateItem ElectroDB makes of the same addition (keys, identifiers, key attributes, counters)', () => {
    const add = rollupAttributes([
      { counter: 'messages', hour: 7, value: 1 },
      { counter: 'response_ms', hour: 7, value: 640 },
      { counter: 'conversations_website', hour: 7, value: 1 },
      { counter: 'active_visitors', hour: 6, value: -1 },
    ]);
    const chatbotId = 'c0ffee00-0000-4000-8000-000000000001';
    const electro = analyticsDayEntity().update({ chatbot_id: chatbotId, day: '2026-11-27' }).add(add).params({ table: process.env.TABLE_NAME });
    const ours = effect(analyticsDayAddition(chatbotId, '2026-11-27', add));
    expect(ours).toEqual(effect(electro as UpdateParams));
    expect(ours.add).toMatchObject({ messages_07: 1, messages_day: 1, response_ms_07: 640, conversations_07: 1, active_visitors_06: -1 });
  });
});
