import { accountIdLabels, channelCredentialsSchema, platformLabels, type ChannelCredentials, type SocialPlatform } from '@contracts/deployment';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useConnectChannelMutation, useTestChannelMutation } from '@/dashboard/deploy/deployment-queries';
import { ApiError, errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const EMPTY: ChannelCredentials = { account_id: '', access_token: '', app_secret: '' };

/** The toasts of a connection test (spec 001 section 8). */
export function reportTest(label: string, result: { success: boolean; error: string | null; account_name: string | null }) {
  if (result.success) notify.success(`${label} connection test passed`, { description: result.account_name ?? undefined });
  else notify.error(`${label} connection test failed: ${result.error ?? 'Unknown error'}`);
}

/**
 * The credentials Meta gives a business for one channel: the account id, an access token and the app
 * secret. Kept in this form only; once connected the browser never sees the token or secret again.
 */
export function ConnectChannelDialog({
  chatbotId,
  platform,
  open,
  onOpenChange,
}: {
  chatbotId: string;
  platform: SocialPlatform;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const label = platformLabels[platform];
  const connect = useConnectChannelMutation(chatbotId, platform);
  const test = useTestChannelMutation(chatbotId, platform);
  const [form, setForm] = useState<ChannelCredentials>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const ids = { account: useId(), token: useId(), secret: useId(), error: useId() };

  const valid = (): ChannelCredentials | null => {
    const parsed = channelCredentialsSchema.safeParse(form);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'account_id' ? `${accountIdLabels[platform]} ` : '';
    setError(`${field}${issue?.message ?? 'Please check the credentials'}`);
    return null;
  };

  const runTest = () => {
    const credentials = valid();
    if (!credentials) return;
    setError(null);
    test.mutate(credentials, {
      onSuccess: (result) => reportTest(label, result),
      onError: (failure) => notify.error('Failed to test connection', { description: errorMessage(failure) }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = valid();
    if (!credentials) return;
    setError(null);
    connect.mutate(credentials, {
      onSuccess: () => {
        notify.success(`${label} connected`);
        setForm(EMPTY);
        onOpenChange(false);
      },
      onError: (failure) => {
        // The server's refusals (training quality, Meta's error text) say what to do; anything else is the spec's toast.
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) setError(failure.message);
        else notify.error('Failed to start connection process', { description: errorMessage(failure) });
      },
    });
  };

  const field = (id: string, name: keyof ChannelCredentials, text: string, secret: boolean) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{text}</Label>
      <Input
        id={id}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        aria-describedby={error ? ids.error : undefined}
      />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Connect {label}</DialogTitle>
          <DialogDescription>
            Enter the credentials from your Meta app (App Dashboard). They are tested with Meta, stored encrypted and never shown again.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {field(ids.account, 'account_id', accountIdLabels[platform], false)}
          {field(ids.token, 'access_token', 'Access token', true)}
          {field(ids.secret, 'app_secret', 'App secret', true)}
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={runTest} disabled={test.isPending || connect.isPending}>
              {test.isPending ? 'Testing...' : 'Test connection'}
            </Button>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending ? 'Connecting...' : 'Connect'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
