import { siteDetailsQuerySchema } from '../contracts/chatbot.js';
import { siteDetails } from '../core/chatbots/site-details.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'read-site-details', query: siteDetailsQuerySchema }, ({ identity, query }) =>
  siteDetails(identity.userId, identity.businessName, query.websiteUrl),
);
