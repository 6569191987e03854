import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { createRealtimeSession } from '../core/voice/realtime-session.js';

export const handler = httpHandler({ route: 'create-realtime-session' }, async ({ caller, pathParameters }) =>
  createRealtimeSession(caller, pathId(pathParameters)),
);
