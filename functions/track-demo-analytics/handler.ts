import { trackDemoAnalyticsRequestSchema } from '../contracts/chat.js';
import { trackDemoEvent } from '../core/demo/demo-analytics.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'track-demo-analytics', body: trackDemoAnalyticsRequestSchema }, async ({ body, event }) => {
  await trackDemoEvent(body, event.requestContext.http.sourceIp);
  return { ok: true };
});
