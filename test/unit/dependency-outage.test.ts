import { createServer as createTcpServer } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocumentClient } from '../../functions/core/data/client.js';
import { httpHandler, outageMessage } from '../../functions/core/http/http-handler.js';
import { dependencyOutage } from '../../functions/core/runtime/dependency-outage.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

const event = {
  version: '2.0',
  routeKey: 'GET /health',
  rawPath: '/health',
  headers: {},
  requestContext: { http: { method: 'GET', path: '/health' } },
} as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

/** What a handler answers when its domain code throws `error`. */
async function answerTo(error: unknown) {
  const handler = httpHandler({ route: 'health' }, async () => {
    throw error;
  });
  const result = (await handler(event, {})) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, retryAfter: result.headers?.['retry-after'], body: JSON.parse(result.body ?? 'null') };
}

/** The error a real DynamoDB client throws against `endpoint`. */
async function databaseError(endpoint: string): Promise<unknown> {
  const saved = { ...process.env };
  Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x' });
  try {
    await getDocumentClient().send(new GetCommand({ TableName: 'anything', Key: { pk: 'a', sk: 'b' } }));
    return undefined;
  } catch (error) {
    return error;
  } finally {
    process.env = saved;
  }
}

describe('a dependency outage is told apart from a bug', () => {
  let closedPort: number;
  beforeAll(async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
  });

  it('a database that refuses connections: 503 with Retry-After and a message that says so', async () => {
    const error = await databaseError(`http://127.0.0.1:${closedPort}`);
    expect(dependencyOutage(error)).toBe('database');
    expect(await answerTo(error)).toEqual({ status: 503, retryAfter: '5', body: { error: outageMessage('database') } });
  });

  it('ElectroDB\u2019s wrapping keeps the outage visible', async () => {
    const sdkError = await databaseError(`http://127.0.0.1:${closedPort}`);
    const wrapped = Object.assign(new Error('Error thrown by DynamoDB client'), { name: 'ElectroError', cause: sdkError });
    expect((await answerTo(wrapped)).status).toBe(503);
  });

  it('a bug stays a 500, also one the database reports (a client fault) and a refused condition', async () => {
    const validation = Object.assign(new Error('One or more parameter values were invalid'), {
      name: 'ValidationException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
      $dependency: 'database',
    });
    const condition = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
      $dependency: 'database',
    });
    // A network-looking error that no dependency client threw is the function's own bug.
    const unlabelled = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'id')"), validation, condition, unlabelled]) {
      expect(await answerTo(error)).toEqual({ status: 500, retryAfter: undefined, body: { error: 'Internal server error' } });
    }
  });
});
