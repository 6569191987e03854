import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext } from 'aws-lambda';
import { registerConnection } from '../core/realtime/connections.js';
import { observed } from '../core/runtime/observability.js';

interface AuthorizedContext {
  connectionId: string;
  authorizer?: { userId?: string };
}

export const handler = observed(async (
  event: APIGatewayProxyWebsocketEventV2WithRequestContext<AuthorizedContext>,
): Promise<APIGatewayProxyResultV2> => {
  const userId = event.requestContext.authorizer?.userId;
  if (!userId) return { statusCode: 401 };
  await registerConnection(event.requestContext.connectionId, userId);
  return { statusCode: 200 };
});
