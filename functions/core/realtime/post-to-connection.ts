import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerSocketMessage } from '../../contracts/realtime.js';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';
import { removeConnection } from './connections.js';

let cached: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  const endpoint = requireEnv('REALTIME_ENDPOINT');
  if (cached?.endpoint !== endpoint) {
    const client = new ApiGatewayManagementApiClient({ ...awsClientConfig('realtime connections'), endpoint });
    cached = { endpoint, client: labelDependencyErrors(client, 'realtime connections') };
  }
  return cached.client;
}

/** Sends one message; a connection that is gone (410) is forgotten rather than treated as an error. */
export async function postToConnection(connectionId: string, message: ServerSocketMessage): Promise<boolean> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) {
      await removeConnection(connectionId);
      return false;
    }
    throw error;
  }
}
