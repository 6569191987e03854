import { listCrawledPagesQuerySchema } from '../contracts/chatbot.js';
import { listLearnedPages } from '../core/chatbots/website-sync.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'list-crawled-pages', query: listCrawledPagesQuerySchema }, ({ caller, pathParameters, query }) =>
  listLearnedPages(caller, pathId(pathParameters), query),
);
