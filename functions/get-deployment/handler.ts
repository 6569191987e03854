import { deploymentOf } from '../core/channels/deployment.js';
import { apiBaseOf } from '../core/channels/webhook-url.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-deployment' }, ({ caller, pathParameters, event }) =>
  deploymentOf(caller, pathId(pathParameters), apiBaseOf(event)),
);
