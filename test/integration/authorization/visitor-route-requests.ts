import type { httpRoutes } from '../../../lib/routes.js';
import type { RouteRequest } from './route-requests.js';

type VisitorRouteName = Extract<(typeof httpRoutes)[number], { access: 'visitor' }>['name'];

/**
 * One request per visitor route (lib/routes.ts access 'visitor') for an assistant: the visitor matrix of
 * authorization.test.ts sends it with every kind of visitor token. The Record makes a new visitor route
 * need an entry here.
 */
export const visitorRouteRequests: Record<VisitorRouteName, (chatbotId: string) => RouteRequest> = {
  'get-visitor-conversation': (chatbotId) => ({ method: 'GET', path: `/public/chatbots/${chatbotId}/conversation` }),
};
