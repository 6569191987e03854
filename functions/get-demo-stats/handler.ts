import { demoStats } from '../core/demo/demo-analytics.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';

export const handler = httpHandler({ route: 'get-demo-stats' }, ({ pathParameters, event }) =>
  demoStats(pathId(pathParameters), event.requestContext.http.sourceIp),
);
