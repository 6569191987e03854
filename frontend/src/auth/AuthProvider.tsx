import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { accountQueryKey } from '@/auth/account-query';
import { amplifySignOut, readSessionUser } from '@/auth/amplify-session';
import { AuthContext, type AuthContextValue, type AuthResult, type AuthUser } from '@/auth/auth-context';
import { toAccountSubscription, type AccountSubscription } from '@/auth/subscription';
import { useRuntimeConfig } from '@/config/runtime-config';
import { useApi, type AccountRead } from '@/lib/api';

/** Spec 000 section 9: the session is checked (and refreshed by Amplify when due) every 30 s. */
export const AUTH_REFRESH_TICK_MS = 30_000;

function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.userId === b.userId && a.email === b.email && a.businessName === b.businessName;
}

function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  return new Error(typeof error === 'string' && error ? error : 'Something went wrong. Please try again.');
}

/**
 * Session and subscription state (spec 000 sections 4 and 8). Amplify persists the session in local storage
 * and refreshes its tokens; this provider follows it through Hub events and a 30 s tick.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { authFlow } = useRuntimeConfig();
  const api = useApi();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  // Kept with its owner, so that a change of user never shows the previous user's subscription.
  const [loadedSubscription, setLoadedSubscription] = useState<{
    userId: string;
    subscription: AccountSubscription;
  } | null>(null);

  const userId = user?.userId ?? null;
  const subscription =
    loadedSubscription && loadedSubscription.userId === userId ? loadedSubscription.subscription : null;

  const syncUser = useCallback(async (): Promise<AuthUser | null> => {
    const next = await readSessionUser();
    setUser((previous) => (sameUser(previous, next) ? previous : next));
    return next;
  }, []);

  const clearSession = useCallback(() => {
    setUser(null);
    setLoadedSubscription(null);
    queryClient.clear();
  }, [queryClient]);

  // Initial session read: errors are logged and loading ends either way.
  useEffect(() => {
    let active = true;
    readSessionUser()
      .then((initial) => {
        if (active) setUser(initial);
      })
      .catch((error: unknown) => console.error('Error reading the session:', error))
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  // Signed in, token refreshed, signed out (also from another part of the app or a refresh failure).
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'tokenRefresh':
          case 'tokenRefresh_failure':
            syncUser().catch((error: unknown) => console.error('Error reading the session:', error));
            break;
          case 'signedOut':
            clearSession();
            break;
          default:
            break;
        }
      }),
    [syncUser, clearSession],
  );

  // The refresh tick: fetchAuthSession refreshes expiring tokens; an ended session signs the user out here.
  useEffect(() => {
    if (!userId) return undefined;
    const timer = window.setInterval(() => {
      syncUser().catch((error: unknown) => console.error('Error refreshing the session:', error));
    }, AUTH_REFRESH_TICK_MS);
    return () => window.clearInterval(timer);
  }, [userId, syncUser]);

  // Subscription: loaded when a session starts or the user changes; a failed read leaves the state as it was.
  useEffect(() => {
    if (!userId) return undefined;
    let active = true;
    queryClient
      .fetchQuery({ queryKey: accountQueryKey(userId), queryFn: () => api.getAccount() })
      .then((account) => {
        if (active) setLoadedSubscription({ userId, subscription: toAccountSubscription(account.subscription) });
      })
      .catch((error: unknown) => console.error('Error loading the subscription:', error));
    return () => {
      active = false;
    };
  }, [userId, api, queryClient]);

  const refreshSubscription = useCallback(async () => {
    if (!userId) return;
    try {
      const { subscription: record } = await api.refreshSubscription();
      setLoadedSubscription({ userId, subscription: toAccountSubscription(record) });
      queryClient.setQueryData<AccountRead>(accountQueryKey(userId), (account) =>
        account ? { ...account, subscription: record } : account,
      );
    } catch (error) {
      console.error('Error refreshing the subscription:', error);
    }
  }, [userId, api, queryClient]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        const { passwordSignIn } = await import('@/auth/amplify-sign-in');
        if ((await passwordSignIn(email.trim(), password, authFlow)) === 'confirmSignUp') return { error: null, needsCode: true };
        await syncUser();
        return { error: null };
      } catch (error) {
        return { error: toError(error) };
      }
    },
    [authFlow, syncUser],
  );

  const signUp = useCallback(
    async (email: string, password: string, businessName: string): Promise<AuthResult> => {
      try {
        const { passwordSignIn, registerUser } = await import('@/auth/amplify-sign-in');
        if (await registerUser(email.trim(), password, businessName.trim())) return { error: null, needsCode: true };
        await passwordSignIn(email.trim(), password, authFlow);
        await syncUser();
        return { error: null };
      } catch (error) {
        return { error: toError(error) };
      }
    },
    [authFlow, syncUser],
  );

  const confirmSignUp = useCallback(
    async (email: string, password: string, code: string): Promise<AuthResult> => {
      try {
        const { confirmCode, passwordSignIn } = await import('@/auth/amplify-sign-in');
        await confirmCode(email.trim(), code);
        await passwordSignIn(email.trim(), password, authFlow);
        await syncUser();
        return { error: null };
      } catch (error) {
        return { error: toError(error) };
      }
    },
    [authFlow, syncUser],
  );

  const resendCode = useCallback(async (email: string): Promise<AuthResult> => {
    try {
      const { resendCode: resend } = await import('@/auth/amplify-sign-in');
      await resend(email.trim());
      return { error: null };
    } catch (error) {
      return { error: toError(error) };
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } catch (error) {
      console.error('Error signing out:', error);
    } finally {
      clearSession();
    }
  }, [clearSession]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, subscription, signIn, signUp, confirmSignUp, resendCode, signOut, refreshSubscription }),
    [user, loading, subscription, signIn, signUp, confirmSignUp, resendCode, signOut, refreshSubscription],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
