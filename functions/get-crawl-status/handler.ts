import { crawlStatus } from '../core/chatbots/crawl-status.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-crawl-status' }, ({ caller, pathParameters }) =>
  crawlStatus(caller, pathId(pathParameters)),
);
