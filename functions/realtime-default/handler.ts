import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext } from 'aws-lambda';
import { handleSocketMessage } from '../core/realtime/handle-message.js';
import { postToConnection } from '../core/realtime/post-to-connection.js';
import { observed } from '../core/runtime/observability.js';

interface AuthorizedContext {
  connectionId: string;
  /** What realtime-authorizer put in its context (API Gateway passes it with every message). */
  authorizer?: { userId?: string; email?: string; visitor?: string };
}

/** Every client message: the heartbeat ('ping' every 25 s) is answered with 'pong'; voice messages run a turn. */
export const handler = observed(async (
  event: APIGatewayProxyWebsocketEventV2WithRequestContext<AuthorizedContext>,
): Promise<APIGatewayProxyResultV2> => {
  const { connectionId, authorizer } = event.requestContext;
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const peer = { connectionId, userId: authorizer?.userId ?? '', email: authorizer?.email ?? '', visitor: authorizer?.visitor === 'true' };
  await handleSocketMessage(peer, raw, (message) => postToConnection(connectionId, message));
  return { statusCode: 200 };
});
