import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getTogether } from '../../../functions/core/data/get-together.js';
import { dependencyOutage } from '../../../functions/core/runtime/dependency-outage.js';

type Key = { pk: { S: string }; sk: { S: string } };
interface BatchGetRequest {
  RequestItems: Record<string, { Keys: Key[]; ConsistentRead?: boolean }>;
}

const TABLE = 'app-table';
const key = (pk: string) => ({ pk, sk: 'item' });
const stored = (pk: string) => ({ pk: { S: pk }, sk: { S: 'item' }, name: { S: `name of ${pk}` } });

let server: Server | undefined;
let saved: NodeJS.ProcessEnv | undefined;

/**
 * A DynamoDB stand-in answering BatchGetItem with the stored items it is asked for, except that it
 * leaves unprocessed (as DynamoDB does when throttled) the keys `unprocessed` picks for that request.
 */
async function standIn(unprocessed: (keys: Key[], request: number) => Key[]) {
  const requests: BatchGetRequest[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as BatchGetRequest;
      requests.push(request);
      const asked = request.RequestItems[TABLE]!.Keys;
      const left = unprocessed(asked, requests.length);
      const answered = asked.filter((k) => !left.includes(k) && k.pk.S !== 'missing').map((k) => stored(k.pk.S));
      res.setHeader('content-type', 'application/x-amz-json-1.0');
      res.end(JSON.stringify({ Responses: { [TABLE]: answered.reverse() }, UnprocessedKeys: left.length ? { [TABLE]: { Keys: left } } : {} }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  saved = { ...process.env };
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'x',
  });
  return requests;
}

afterEach(async () => {
  if (saved) process.env = saved;
  saved = undefined;
  await new Promise((resolve) => server?.close(resolve));
});

describe('independent reads in one BatchGetItem', () => {
  it('returns the items in the order asked, undefined for one that does not exist, read consistently', async () => {
    const requests = await standIn(() => []);
    const items = await getTogether([
      { TableName: TABLE, Key: key('b') },
      { TableName: TABLE, Key: key('missing') },
      { TableName: TABLE, Key: key('a') },
    ]);
    expect(items).toEqual([{ pk: 'b', sk: 'item', name: 'name of b' }, undefined, { pk: 'a', sk: 'item', name: 'name of a' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.RequestItems[TABLE]!.ConsistentRead).toBe(true);
  });

  it('asks again for the keys DynamoDB left unprocessed', async () => {
    const requests = await standIn((keys, request) => (request === 1 ? keys.filter((k) => k.pk.S === 'a') : []));
    const items = await getTogether([{ TableName: TABLE, Key: key('a') }, { TableName: TABLE, Key: key('b') }]);
    expect(items.map((item) => item?.name)).toEqual(['name of a', 'name of b']);
    expect(requests.map((r) => r.RequestItems[TABLE]!.Keys.map((k) => k.pk.S))).toEqual([['a', 'b'], ['a']]);
  });

  it('gives up on a table that stays throttled with an error that reads as a database outage (503), not a bug', async () => {
    const requests = await standIn((keys) => keys);
    const error = await getTogether([{ TableName: TABLE, Key: key('a') }]).catch((e: unknown) => e);
    expect(dependencyOutage(error)).toBe('database');
    expect(requests.length).toBeGreaterThan(1);
  });
});
