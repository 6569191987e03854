import { httpRoutes } from '../../../lib/routes.js';

/**
 * lib/routes.ts's HTTP routes as a function reads them at run time (its access rule, body limit, time
 * limit). In a deployed bundle this module is replaced by one holding only the function's own route and
 * the routes with a time limit of their own, which a re-index asks for (lib/bundle-function.ts): the
 * whole table is about 14 KB of every bundle.
 */
export const routeTable = httpRoutes;
