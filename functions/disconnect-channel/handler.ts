import { disconnectChannel } from '../core/channels/social-channels.js';
import { platformParam } from '../core/channels/platform-param.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'disconnect-channel' }, ({ caller, pathParameters }) =>
  disconnectChannel(caller, pathId(pathParameters), platformParam(pathParameters)),
);
