import { ownerReplyRequestSchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { sendOwnerReply } from '../core/inbox/owner-reply.js';

export const handler = httpHandler(
  { route: 'send-owner-reply', body: ownerReplyRequestSchema, successStatus: 201 },
  ({ caller, pathParameters, body }) => sendOwnerReply(caller, pathId(pathParameters), body.content),
);
