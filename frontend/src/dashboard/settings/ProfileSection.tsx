import { useQueryClient } from '@tanstack/react-query';
import { confirmUserAttribute, updateUserAttributes } from 'aws-amplify/auth';
import { LoaderCircleIcon, UploadIcon, XIcon } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { accountQueryKey, useAccountQuery } from '@/auth/account-query';
import { useUserId } from '@/auth/auth-context';
import { PersonAvatar } from '@/chat/PersonAvatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { setProfileAvatar, updateAccount, uploadProfileAvatar } from '@/lib/account-api';
import { errorMessage, useApi } from '@/lib/api';
import { avatarFileRefusal } from '@/lib/avatar-file';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

/** Business name and your name (PATCH /account), your picture (PUT /account/avatar) and e-mail (Cognito, confirmed with the code it sends). */
export function ProfileSection() {
  const api = useApi();
  const userId = useUserId();
  const queryClient = useQueryClient();
  const account = useAccountQuery();
  const [businessName, setBusinessName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [awaitingCode, setAwaitingCode] = useState(false);
  const [pending, setPending] = useState<'name' | 'email' | 'picture' | null>(null);

  useEffect(() => {
    if (account.data) {
      setBusinessName(account.data.profile.business_name);
      setDisplayName(account.data.profile.display_name ?? '');
      setEmail(account.data.profile.email);
    }
  }, [account.data]);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    setPending('name');
    try {
      const updated = await updateAccount(api, { business_name: businessName, display_name: displayName });
      queryClient.setQueryData(accountQueryKey(userId), updated);
      notify.success('Settings Saved', { description: 'Your names are updated.' });
    } catch (error) {
      notify.error('Error', { description: errorMessage(error, 'Failed to save your business name') });
    } finally {
      setPending(null);
    }
  };

  /** Spec 000 section 5's rules and texts, as for an assistant's avatar. */
  const changePicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const refusal = avatarFileRefusal(file);
    if (refusal) return void notify.error(refusal.title, { description: refusal.description });
    setPending('picture');
    try {
      queryClient.setQueryData(accountQueryKey(userId), await uploadProfileAvatar(api, file));
      notify.success('Image uploaded', { description: 'Visitors see your picture beside your replies.' });
    } catch (error) {
      notify.error('Upload failed', { description: errorMessage(error, 'Failed to upload image. Please try again.') });
    } finally {
      setPending(null);
    }
  };

  const removePicture = async () => {
    setPending('picture');
    try {
      queryClient.setQueryData(accountQueryKey(userId), await setProfileAvatar(api, ''));
      notify.success('Settings Saved', { description: 'Visitors see your initials beside your replies.' });
    } catch (error) {
      notify.error('Error', { description: errorMessage(error, 'Failed to remove your picture') });
    } finally {
      setPending(null);
    }
  };

  const avatar = account.data?.profile.avatar_url;
  const shownName = account.data?.profile.display_name || account.data?.profile.email || '?';

  const changeEmail = async (event: FormEvent) => {
    event.preventDefault();
    setPending('email');
    try {
      if (awaitingCode) {
        await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
        setAwaitingCode(false);
        notify.success('Settings Saved', { description: 'Your e-mail address is changed. Sign in with it from now on.' });
      } else {
        const result = await updateUserAttributes({ userAttributes: { email: email.trim() } });
        if (result.email?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') {
          setAwaitingCode(true);
          notify.success('Check your inbox', { description: `We sent a confirmation code to ${email.trim()}.` });
        } else {
          notify.success('Settings Saved', { description: 'Your e-mail address is changed. Sign in with it from now on.' });
        }
      }
    } catch (error) {
      notify.error('Error', { description: errorMessage(error, 'Failed to change your e-mail address') });
    } finally {
      setPending(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How your account is named and how you sign in.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <PersonAvatar name={shownName} avatar={avatar} className="size-14 text-lg" />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Your Picture</span>
            <span className="text-sm text-muted-foreground">Shown to visitors beside your replies; your initials without one.</span>
          </div>
          <label
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer focus-within:ring-[3px] focus-within:ring-ring/50',
              (pending !== null || !account.data) && 'pointer-events-none opacity-50',
            )}
          >
            {pending === 'picture' ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
            {pending === 'picture' ? 'Uploading…' : 'Upload Picture'}
            <input id="settings-avatar" type="file" accept="image/*" className="sr-only" disabled={pending !== null || !account.data} onChange={(event) => void changePicture(event)} />
          </label>
          {avatar && (
            <Button variant="ghost" size="sm" disabled={pending !== null} onClick={() => void removePicture()}>
              <XIcon aria-hidden="true" />
              Remove Picture
            </Button>
          )}
        </div>
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void saveName(event)}>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="settings-business-name">Business Name</Label>
            <Input id="settings-business-name" maxLength={100} value={businessName} onChange={(event) => setBusinessName(event.target.value)} />
          </div>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="settings-display-name">Your Name</Label>
            <Input
              id="settings-display-name"
              maxLength={60}
              value={displayName}
              placeholder="Shown to visitors when you answer them"
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={pending !== null || !account.data}>
            {pending === 'name' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Save
          </Button>
        </form>
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void changeEmail(event)}>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={awaitingCode ? 'settings-email-code' : 'settings-email'}>{awaitingCode ? 'Confirmation code' : 'Email'}</Label>
            {awaitingCode ? (
              <Input id="settings-email-code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
            ) : (
              <Input id="settings-email" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            )}
          </div>
          <Button type="submit" variant="outline" disabled={pending !== null || !account.data}>
            {pending === 'email' && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {awaitingCode ? 'Confirm' : 'Change Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
