import { updateWebsiteChannelRequestSchema } from '../contracts/deployment.js';
import { updateWebsiteChannel } from '../core/channels/deployment.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler(
  { route: 'update-website-channel', body: updateWebsiteChannelRequestSchema },
  async ({ caller, pathParameters, body }) => ({ website: await updateWebsiteChannel(caller, pathId(pathParameters), body) }),
);
