import { analyticsQuerySchema } from '../contracts/analytics.js';
import { analyzeChatbotPerformance } from '../core/analytics/analyze-performance.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'analyze-chatbot-performance', query: analyticsQuerySchema }, ({ caller, pathParameters, query }) =>
  analyzeChatbotPerformance(caller, pathId(pathParameters), query),
);
