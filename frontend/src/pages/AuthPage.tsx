import { TRIAL_DAYS } from '@contracts/account';
import { PASSWORD_POLICY, PASSWORD_POLICY_TEXT } from '@contracts/password-policy';
import { ArrowLeftIcon, BotIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { redirectTarget } from '@/auth/RequireAuth';
import { VerifyEmailStep, type PendingAccount } from '@/auth/VerifyEmailStep';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRuntimeConfig } from '@/config/runtime-config';
import { notify } from '@/lib/notify';

type Pending = 'signIn' | 'signUp' | null;

/** /auth: Sign In and Sign Up (spec 000 sections 2, 4, 5 and 8). */
export default function AuthPage() {
  const { signIn, signUp } = useAuth();
  const { productName } = useRuntimeConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending>(null);
  const [signInForm, setSignInForm] = useState({ email: '', password: '' });
  const [signUpForm, setSignUpForm] = useState({ email: '', password: '', businessName: '' });
  // Set while the account waits for its e-mailed code (after sign-up, or signing in unconfirmed).
  const [unconfirmed, setUnconfirmed] = useState<PendingAccount | null>(null);

  // Fetch the sign-in code (loaded on demand) while the user types.
  useEffect(() => {
    import('@/auth/amplify-sign-in').catch((error: unknown) => console.error('Could not load sign-in:', error));
  }, []);

  // Back to the remembered origin (set by the dashboard guard), or home; the auth page leaves no history entry.
  const goBackToOrigin = () => void navigate(redirectTarget(location.state), { replace: true });

  const handleSignIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending('signIn');
    const { error, needsCode } = await signIn(signInForm.email, signInForm.password);
    setPending(null);
    if (error) {
      notify.error('Sign In Error', { description: error.message });
      return;
    }
    if (needsCode) return setUnconfirmed({ email: signInForm.email.trim(), password: signInForm.password, from: 'signIn' });
    welcomeBack();
  };

  const welcomeBack = () => {
    notify.success('Welcome back!', { description: 'You have been signed in successfully.' });
    goBackToOrigin();
  };

  const welcomeNewAccount = () => {
    notify.success(`Welcome to ${productName}!`, {
      description: `Your account has been created and you are signed in. Your ${TRIAL_DAYS}-day free trial is now active.`,
    });
    goBackToOrigin();
  };

  const handleSignUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending('signUp');
    const { error, needsCode } = await signUp(signUpForm.email, signUpForm.password, signUpForm.businessName);
    setPending(null);
    if (error) {
      notify.error('Sign Up Error', { description: error.message });
      return;
    }
    if (needsCode) return setUnconfirmed({ email: signUpForm.email.trim(), password: signUpForm.password, from: 'signUp' });
    welcomeNewAccount();
  };

  const busy = pending !== null;

  return (
    <div className="flex min-h-svh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <div className="px-4 py-4 sm:px-8">
        <Button variant="ghost" onClick={() => void navigate('/')}>
          <ArrowLeftIcon aria-hidden="true" />
          Back to Home
        </Button>
      </div>

      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <span className="mx-auto flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <BotIcon className="size-5" aria-hidden="true" />
            </span>
            <CardTitle className="text-2xl">{productName}</CardTitle>
            <CardDescription>Sign in to your account or create a new one.</CardDescription>
          </CardHeader>
          <CardContent>
            {unconfirmed ? (
              <VerifyEmailStep
                account={unconfirmed}
                onConfirmed={unconfirmed.from === 'signUp' ? welcomeNewAccount : welcomeBack}
                onBack={() => setUnconfirmed(null)}
              />
            ) : (
              <Tabs defaultValue="signin" className="gap-4">
                <TabsList className="w-full">
                  <TabsTrigger value="signin">Sign In</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>

                <TabsContent value="signin">
                  <form className="flex flex-col gap-4" onSubmit={(event) => void handleSignIn(event)}>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signin-email">Email</Label>
                      <Input
                        id="signin-email"
                        type="email"
                        autoComplete="email"
                        placeholder="you@business.com"
                        required
                        value={signInForm.email}
                        onChange={(event) => setSignInForm((form) => ({ ...form, email: event.target.value }))}
                      />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signin-password">Password</Label>
                      <Input
                        id="signin-password"
                        type="password"
                        autoComplete="current-password"
                        required
                        value={signInForm.password}
                        onChange={(event) => setSignInForm((form) => ({ ...form, password: event.target.value }))}
                      />
                    </div>
                    <Button type="submit" className="w-full" disabled={busy} aria-busy={pending === 'signIn'}>
                      {pending === 'signIn' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                      Sign In
                    </Button>
                  </form>
                </TabsContent>

                <TabsContent value="signup">
                  <form className="flex flex-col gap-4" onSubmit={(event) => void handleSignUp(event)}>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-email">Email</Label>
                      <Input
                        id="signup-email"
                        type="email"
                        autoComplete="email"
                        placeholder="you@business.com"
                        required
                        value={signUpForm.email}
                        onChange={(event) => setSignUpForm((form) => ({ ...form, email: event.target.value }))}
                      />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-password">Password</Label>
                      <Input
                        id="signup-password"
                        type="password"
                        autoComplete="new-password"
                        required
                        minLength={PASSWORD_POLICY.minLength}
                        aria-describedby="signup-password-policy"
                        value={signUpForm.password}
                        onChange={(event) => setSignUpForm((form) => ({ ...form, password: event.target.value }))}
                      />
                      <p id="signup-password-policy" className="text-xs text-muted-foreground">
                        {PASSWORD_POLICY_TEXT}
                      </p>
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-business-name">Business Name</Label>
                      <Input
                        id="signup-business-name"
                        type="text"
                        autoComplete="organization"
                        placeholder="Optional"
                        value={signUpForm.businessName}
                        onChange={(event) =>
                          setSignUpForm((form) => ({ ...form, businessName: event.target.value }))
                        }
                      />
                    </div>
                    <Button type="submit" className="w-full" disabled={busy} aria-busy={pending === 'signUp'}>
                      {pending === 'signUp' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                      Sign Up
                    </Button>
                  </form>
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
