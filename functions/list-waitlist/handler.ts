import { listWaitlistQuerySchema, type ListWaitlistResponse } from '../contracts/waitlist.js';
import { httpHandler } from '../core/http/http-handler.js';
import { listWaitlist } from '../core/waitlist/waitlist.js';

/** Admins only (Cognito group `admin`, checked by httpHandler from lib/routes.ts). */
export const handler = httpHandler(
  { route: 'list-waitlist', query: listWaitlistQuerySchema },
  ({ query }): Promise<ListWaitlistResponse> => listWaitlist(query.cursor, query.limit),
);
