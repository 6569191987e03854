import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { replyTo } from '../core/realtime/handle-message.js';
import { postToConnection } from '../core/realtime/post-to-connection.js';
import { observed } from '../core/runtime/observability.js';

/** Every client message; the heartbeat ('ping' every 25 s) is answered with 'pong'. */
export const handler = observed(async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  await postToConnection(event.requestContext.connectionId, replyTo(raw));
  return { statusCode: 200 };
});
