import { createContext, useContext } from 'react';
import type { AccountSubscription } from '@/auth/subscription';

/** The signed-in user, read from the Cognito ID token. */
export interface AuthUser {
  userId: string;
  email: string;
  /** `custom:business_name`; empty when none was given at sign-up. */
  businessName: string;
}

/** Sign-in and sign-up report failures instead of throwing (spec 000 section 8). */
export interface AuthResult {
  error: Error | null;
  /** The account waits for the code e-mailed at sign-up: nothing is signed in until it is entered. */
  needsCode?: boolean;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True while the initial session is read. */
  loading: boolean;
  /** Null until loaded for the current user (and when signed out). */
  subscription: AccountSubscription | null;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, businessName: string) => Promise<AuthResult>;
  /** Confirms the account with the e-mailed code, then signs in with the password just given. */
  confirmSignUp: (email: string, password: string, code: string) => Promise<AuthResult>;
  /** E-mails a new code. */
  resendCode: (email: string) => Promise<AuthResult>;
  signOut: () => Promise<void>;
  /** POST /account/subscription/refresh; failures are logged and the state is kept. */
  refreshSubscription: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (context === undefined) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** The signed-in user's id, '' while signed out: the per-user part of every query cache key. */
export function useUserId(): string {
  return useAuth().user?.userId ?? '';
}
