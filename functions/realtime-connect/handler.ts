import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2WithRequestContext } from 'aws-lambda';
import { registerConnection } from '../core/realtime/connections.js';
import { observed } from '../core/runtime/observability.js';

interface AuthorizedContext {
  connectionId: string;
  /** realtime-authorizer's context; a voice session token also names the assistant and conversation. */
  authorizer?: { userId?: string; chatbotId?: string; voiceSession?: string };
}

export const handler = observed(async (
  event: APIGatewayProxyWebsocketEventV2WithRequestContext<AuthorizedContext>,
): Promise<APIGatewayProxyResultV2> => {
  const { userId, chatbotId, voiceSession } = event.requestContext.authorizer ?? {};
  if (!userId) return { statusCode: 401 };
  await registerConnection(event.requestContext.connectionId, userId, new Date(), chatbotId && voiceSession ? { chatbotId, voiceSession } : undefined);
  return { statusCode: 200 };
});
