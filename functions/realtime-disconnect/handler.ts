import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from '../core/realtime/connections.js';
import { observed } from '../core/runtime/observability.js';

export const handler = observed(async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await removeConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
});
