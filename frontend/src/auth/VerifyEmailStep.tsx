import { LoaderCircleIcon, MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notify } from '@/lib/notify';

/** Who is confirming: the address and password just given, and on which tab (for the toasts' titles). */
export interface PendingAccount {
  email: string;
  password: string;
  from: 'signUp' | 'signIn';
}

interface Props {
  account: PendingAccount;
  /** Signed in after the code was accepted. */
  onConfirmed: () => void;
  onBack: () => void;
}

/**
 * The step between sign-up and the dashboard: the code Cognito e-mailed to the address proves it is the
 * owner's. An account that signs in before confirming comes here too; nothing else opens without it.
 */
export function VerifyEmailStep({ account, onConfirmed, onBack }: Props) {
  const { confirmSignUp, resendCode } = useAuth();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<'verify' | 'resend' | null>(null);
  const errorTitle = account.from === 'signUp' ? 'Sign Up Error' : 'Sign In Error';

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending('verify');
    const { error } = await confirmSignUp(account.email, account.password, code);
    setPending(null);
    if (error) {
      notify.error(errorTitle, { description: error.message });
      return;
    }
    onConfirmed();
  };

  const resend = async () => {
    setPending('resend');
    const { error } = await resendCode(account.email);
    setPending(null);
    if (error) {
      notify.error(errorTitle, { description: error.message });
      return;
    }
    setCode('');
    notify.success('Code sent', { description: `A new verification code was sent to ${account.email}.` });
  };

  const busy = pending !== null;

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void verify(event)} aria-labelledby="verify-email-title">
      <div className="flex flex-col items-center gap-2 text-center">
        <MailCheckIcon className="size-8 text-primary" aria-hidden="true" />
        <h2 id="verify-email-title" className="text-lg font-semibold">
          Check your e-mail
        </h2>
        <p className="text-sm text-muted-foreground">
          We sent a verification code to <span className="font-medium text-foreground">{account.email}</span>. Enter it to
          finish {account.from === 'signUp' ? 'creating your account' : 'signing in'}. The code is valid for 24 hours.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="verification-code">Verification code</Label>
        <Input
          id="verification-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy} aria-busy={pending === 'verify'}>
        {pending === 'verify' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        Verify
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="button" variant="link" size="sm" onClick={() => void resend()} disabled={busy} aria-busy={pending === 'resend'}>
          {pending === 'resend' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Resend code
        </Button>
      </div>
    </form>
  );
}
