import { retryFailedPages } from '../core/chatbots/retry-crawl.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'retry-crawl', successStatus: 202 }, ({ caller, pathParameters }) =>
  retryFailedPages(caller, pathId(pathParameters)),
);
