import { setConversationStatusRequestSchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { setConversationStatus } from '../core/transfers/takeover.js';

export const handler = httpHandler(
  { route: 'set-conversation-status', body: setConversationStatusRequestSchema },
  async ({ caller, pathParameters, body }) => ({ conversation: await setConversationStatus(caller, pathId(pathParameters), body.status) }),
);
