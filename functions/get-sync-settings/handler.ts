import { syncSettings } from '../core/chatbots/website-sync.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-sync-settings' }, ({ caller, pathParameters }) => syncSettings(caller, pathId(pathParameters)));
