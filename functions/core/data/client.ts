import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let cached: { endpoint: string | undefined; client: DynamoDBDocumentClient } | undefined;

/**
 * One client per warm Lambda. The endpoint comes from the SDK's own `AWS_ENDPOINT_URL_DYNAMODB`,
 * which only the local runtime sets; a runtime restarted on other ports in the same process gets a
 * new client.
 */
export function getDocumentClient(): DynamoDBDocumentClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!cached || cached.endpoint !== endpoint) {
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true },
    });
    cached = { endpoint, client };
  }
  return cached.client;
}
