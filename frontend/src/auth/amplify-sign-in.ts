/**
 * Sign-in and sign-up with Amplify. Loaded on demand (the SRP code is large and only /auth needs it), so
 * import this module dynamically: `await import('@/auth/amplify-sign-in')`.
 */
import type { RuntimeConfig } from '@contracts/runtime-config';
import { signIn, signOut, signUp } from 'aws-amplify/auth';

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

/**
 * Password sign-in with the flow from /config.json. If Amplify still holds a signed-in user, that user is
 * signed out first and the sign-in is tried once more.
 */
export async function passwordSignIn(
  email: string,
  password: string,
  authFlowType: RuntimeConfig['authFlow'],
): Promise<void> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (!result.isSignedIn) throw new Error(describeSignInStep(result.nextStep.signInStep));
}

/** Creates the Cognito user; the business name goes into `custom:business_name` when one is given. */
export async function registerUser(email: string, password: string, businessName: string): Promise<void> {
  await signUp({
    username: email,
    password,
    options: {
      userAttributes: {
        email,
        ...(businessName ? { 'custom:business_name': businessName } : {}),
      },
    },
  });
}
