import { createPortalSession } from '../core/billing/portal.js';
import { httpHandler } from '../core/http/http-handler.js';

/** The Stripe Customer Portal for the signed-in owner: change card, cancel, renew. */
export const handler = httpHandler({ route: 'create-portal-session' }, ({ identity }) => createPortalSession(identity));
