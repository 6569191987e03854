import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Sign-up is followed by an immediate sign-in (spec 000 section 7), so the user is confirmed here
 * instead of by an e-mailed code.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
};
