import { invitableRoles, inviteRequestSchema, type InvitableRole } from '@contracts/teams';
import { LoaderCircleIcon, MailPlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ROLE_HINTS } from '@/dashboard/teams/team-roles';
import { useInviteMember } from '@/dashboard/teams/team-queries';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';

/** The Invite Member dialog (spec 001: e-mail lower-cased and trimmed; roles member, editor, admin; default member). */
export function InviteMemberDialog({ teamId }: { teamId: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [error, setError] = useState<string>();
  const invite = useInviteMember(teamId);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        notify.success(`Invitation sent to ${invitation.email}`);
        setOpen(false);
        setEmail('');
        setRole('member');
      },
      // The server's own words when it gave any (spec 001 section 8).
      onError: (failure) => notify.error(failure instanceof ApiError && failure.message ? failure.message : 'Failed to send invitation'),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <MailPlusIcon aria-hidden="true" />
          Invite Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Team Member</DialogTitle>
          <DialogDescription>We e-mail them a link to join; it works for 7 days, once, for that address.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email Address</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder="colleague@example.com"
            />
            {error && (
              <p id={`${id}-error`} className="text-xs text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <NativeSelect id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
              {invitableRoles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_HINTS[r]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              Send Invitation
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
