import { ownerChatRequestSchema } from '../contracts/chat.js';
import { ownerChat } from '../core/chat/owner-chat.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { recordOnboardingStep } from '../core/onboarding/onboarding.js';

/** The owner's test chat and Training studio: the signed-in owner talks to their own assistant. */
export const handler = httpHandler({ route: 'chat-as-owner', body: ownerChatRequestSchema }, async ({ caller, pathParameters, body }) => {
  const outcome = await ownerChat(caller, pathId(pathParameters), body);
  // Onboarding step 2, 'Test Your AI Agent': these conversations cannot be listed by owner later.
  await recordOnboardingStep(caller.userId, 'test');
  return outcome;
});
