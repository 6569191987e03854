import { joinWaitlistRequestSchema, type JoinWaitlistResponse } from '../contracts/waitlist.js';
import { httpHandler } from '../core/http/http-handler.js';
import { joinWaitlist } from '../core/waitlist/waitlist.js';

/** Public: the /waitlist form. */
export const handler = httpHandler(
  { route: 'join-waitlist', body: joinWaitlistRequestSchema },
  ({ body, event }): Promise<JoinWaitlistResponse> => joinWaitlist(body, event.requestContext.http.sourceIp),
);
