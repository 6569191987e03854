import { PASSWORD_POLICY, PASSWORD_POLICY_TEXT, passwordProblems } from '@contracts/password-policy';
import { updatePassword } from 'aws-amplify/auth';
import { LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** Change password (Cognito ChangePassword with the signed-in user's tokens). */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordProblems(next);
    if (problems.length) {
      notify.error('Error', { description: `${problems[0]}. ${PASSWORD_POLICY_TEXT}` });
      return;
    }
    setPending(true);
    try {
      await updatePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      notify.success('Settings Saved', { description: 'Your password is changed.' });
    } catch (error) {
      notify.error('Error', { description: errorMessage(error, 'Failed to change your password') });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>{PASSWORD_POLICY_TEXT}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(event) => void submit(event)}>
          <div className="flex flex-col gap-2">
            <Label htmlFor="settings-current-password">Current password</Label>
            <Input id="settings-current-password" type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="settings-new-password">New password</Label>
            <Input
              id="settings-new-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_POLICY.minLength}
              value={next}
              onChange={(event) => setNext(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={pending}>
            {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Change Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
