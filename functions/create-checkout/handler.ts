import { createCheckout } from '../core/billing/checkout.js';
import { httpHandler } from '../core/http/http-handler.js';

/** Spec 000 create-checkout: no body; answers the Checkout page's url. */
export const handler = httpHandler({ route: 'create-checkout' }, ({ identity }) => createCheckout(identity));
