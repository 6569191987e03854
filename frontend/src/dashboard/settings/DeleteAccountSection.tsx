import { LoaderCircleIcon, TrashIcon } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/auth/auth-context';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { deleteAccount } from '@/lib/account-api';
import { errorMessage, useApi } from '@/lib/api';
import { notify } from '@/lib/notify';

/** Delete account, after the owner types their e-mail address (the server checks it too). */
export function DeleteAccountSection() {
  const api = useApi();
  const { user, signOut } = useAuth();
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const matches = Boolean(user?.email) && typed.trim().toLowerCase() === user?.email.toLowerCase();

  const remove = async () => {
    setPending(true);
    try {
      await deleteAccount(api, typed.trim());
      notify.success('Account deleted', { description: 'Your account and all its data have been deleted.' });
      // Signed out, the dashboard's sign-in guard takes the owner to /auth, where the toast stays visible.
      await signOut();
    } catch (error) {
      notify.error('Error', { description: errorMessage(error, 'Failed to delete your account') });
      setPending(false);
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete Account</CardTitle>
        <CardDescription>
          Cancels your subscription and permanently deletes every assistant, knowledge entry, file and conversation, and your login.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">
              <TrashIcon aria-hidden="true" />
              Delete Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>This cannot be undone. Type your e-mail address ({user?.email}) to confirm.</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="flex flex-col gap-2">
              <Label htmlFor="delete-account-email">Your e-mail address</Label>
              <Input id="delete-account-email" type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={!matches || pending} onClick={() => void remove()}>
                {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                Delete Permanently
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
