import { testChannelConnectionRequestSchema } from '../contracts/deployment.js';
import { testChannelConnection } from '../core/channels/social-channels.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'test-channel-connection', body: testChannelConnectionRequestSchema }, ({ caller, body }) =>
  testChannelConnection(caller, body),
);
