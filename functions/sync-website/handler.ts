import { syncNow } from '../core/chatbots/website-sync.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'sync-website', successStatus: 202 }, ({ caller, pathParameters }) => syncNow(caller, pathId(pathParameters)));
