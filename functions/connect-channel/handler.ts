import { connectChannelRequestSchema } from '../contracts/deployment.js';
import { connectChannel } from '../core/channels/social-channels.js';
import { platformParam } from '../core/channels/platform-param.js';
import { apiBaseOf } from '../core/channels/webhook-url.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'connect-channel', body: connectChannelRequestSchema },
  async ({ caller, pathParameters, body, event }) => ({
    channel: await connectChannel(caller, pathId(pathParameters), platformParam(pathParameters), body.credentials, apiBaseOf(event)),
  }),
);
