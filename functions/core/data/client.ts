import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';

let cached: { endpoint: string | undefined; client: DynamoDBDocumentClient } | undefined;

/**
 * One client per warm Lambda. The endpoint comes from the SDK's own `AWS_ENDPOINT_URL_DYNAMODB`,
 * which only the local runtime sets; a runtime restarted on other ports in the same process gets a
 * new client. Timeouts and retries: runtime/aws-client-config.ts.
 */
export function getDocumentClient(): DynamoDBDocumentClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!cached || cached.endpoint !== endpoint) {
    const base = labelDependencyErrors(new DynamoDBClient(awsClientConfig('database')), 'database');
    // The SDK's logger middleware builds a redacted copy of every input and output for the client's
    // logger even when that logger discards them (no logger is configured here: the SDK's no-op one),
    // about 0.3 ms of CPU per chat turn. Errors still reach the caller, which logs them.
    base.middlewareStack.remove('loggerMiddleware');
    const client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    });
    cached = { endpoint, client };
  }
  return cached.client;
}
