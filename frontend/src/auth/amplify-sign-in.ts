/**
 * Sign-in and sign-up with Amplify. Loaded on demand (the SRP code is large and only /auth needs it), so
 * import this module dynamically: `await import('@/auth/amplify-sign-in')`.
 */
import type { RuntimeConfig } from '@contracts/runtime-config';
import { confirmSignUp, resendSignUpCode, signIn, signOut, signUp } from 'aws-amplify/auth';

function describeSignInStep(step: string): string {
  switch (step) {
    case 'CONFIRM_SIGN_UP':
      return 'Your account is not confirmed yet. Please confirm your e-mail address, then sign in.';
    case 'RESET_PASSWORD':
      return 'You need to reset your password before you can sign in.';
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'You need to set a new password before you can sign in.';
    default:
      return `Signing in needs an extra step (${step}) that this app does not support yet.`;
  }
}

/** Where a password sign-in ended: signed in, or at the e-mail code step of an unconfirmed account. */
export type SignInOutcome = 'signedIn' | 'confirmSignUp';

/**
 * Password sign-in with the flow from /config.json. If Amplify still holds a signed-in user, that user is
 * signed out first and the sign-in is tried once more. Cognito tells an unconfirmed account only to
 * whoever gave its password, and gives it no tokens: it goes on to the code step.
 */
export async function passwordSignIn(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlow'],
): Promise<SignInOutcome> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw new Error(describeSignInStep(result.nextStep.signInStep));
}

/**
 * Creates the Cognito user; the business name goes into `custom:business_name` when one is given.
 * True when the account waits for the code Cognito e-mailed (always, unless the pool confirms by itself).
 */
export async function registerUser(email: string, password: string, businessName: string): Promise<boolean> {
  const { nextStep } = await signUp({
    username: email,
    password,
    options: {
      userAttributes: {
        email,
        ...(businessName ? { 'custom:business_name': businessName } : {}),
      },
    },
  });
  return nextStep.signUpStep === 'CONFIRM_SIGN_UP';
}

/** Cognito's words for an expired code ask for "a code again" without saying how. */
const EXPIRED_CODE_MESSAGE = 'This code has expired. Press "Resend code" to get a new one.';

/** Confirms the account with the e-mailed code. */
export async function confirmCode(email: string, code: string): Promise<void> {
  try {
    await confirmSignUp({ username: email, confirmationCode: code.trim() });
  } catch (error) {
    if (error instanceof Error && error.name === 'ExpiredCodeException') throw new Error(EXPIRED_CODE_MESSAGE);
    throw error;
  }
}

/** E-mails a new code (the previous one stops working). */
export async function resendCode(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}
