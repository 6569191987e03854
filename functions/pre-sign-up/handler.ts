import type { PreSignUpTriggerEvent } from 'aws-lambda';

/** Control characters (line breaks, tabs, escapes) have no place in a name shown on cards, pages and exports. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Cognito's check before a sign-up. The user stays unconfirmed: they confirm the e-mail address with
 * the code Cognito mails them (the app asks for it right after sign-up, and on sign-in until then), so
 * nobody can open an account in someone else's name. What is refused here comes back to the app as
 * the 'Sign Up Error' toast's message.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const businessName = event.request.userAttributes['custom:business_name'] ?? '';
  if (CONTROL_CHARACTERS.test(businessName)) throw new Error('The business name cannot contain line breaks, tabs or other control characters.');
  return event;
};
