import { fetchAuthSession } from 'aws-amplify/auth';
import type { AuthUser } from '@/auth/auth-context';

/** Reads the current session (Amplify refreshes expired tokens here) and the user from the ID token. */
export async function readSessionUser(): Promise<AuthUser | null> {
  const session = await fetchAuthSession();
  const claims = session.tokens?.idToken?.payload;
  if (!claims || typeof claims.sub !== 'string') return null;
  return {
    userId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : '',
    businessName: typeof claims['custom:business_name'] === 'string' ? claims['custom:business_name'] : '',
  };
}

export { signOut as amplifySignOut } from 'aws-amplify/auth';
