import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from '../core/realtime/connections.js';
import { observed } from '../core/runtime/observability.js';
import { endVoiceSession, sessionKeyOf } from '../core/voice/voice-sessions.js';

/** The socket is gone: its record goes, and the voice session it carried ends (its duration for the Analytics tab). */
export const handler = observed(async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const key = sessionKeyOf(await removeConnection(event.requestContext.connectionId));
  if (key) await endVoiceSession(key);
  return { statusCode: 200 };
});
