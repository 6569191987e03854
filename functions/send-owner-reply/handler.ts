import { ownerReplyRequestSchema } from '../contracts/inbox.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { sendOwnerReply } from '../core/inbox/owner-reply.js';
import { recordOnboardingStep } from '../core/onboarding/onboarding.js';

export const handler = httpHandler(
  { route: 'send-owner-reply', body: ownerReplyRequestSchema, successStatus: 201 },
  async ({ caller, pathParameters, body }) => {
    const sent = await sendOwnerReply(caller, pathId(pathParameters), body.content);
    // Answering a customer in the inbox is the guide's 'Monitor & Manage Performance' step.
    await recordOnboardingStep(caller.userId, 'monitor');
    return sent;
  },
);
