import { invitableRoles, type InvitableRole, type TeamMember } from '@contracts/teams';
import { UserMinusIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ROLE_LABELS } from '@/dashboard/teams/team-roles';
import { useChangeMemberRole, useRemoveMember } from '@/dashboard/teams/team-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/**
 * One member: e-mail, business name, role and status. The member menu (change role, remove) is shown
 * to owners and admins, never on the owner's row nor on the viewer's own (spec 001 section 6); the
 * server refuses those changes anyway.
 */
export function MemberRow({ member, teamId, withMenu }: { member: TeamMember; teamId: string; withMenu: boolean }) {
  const change = useChangeMemberRole(teamId);
  const remove = useRemoveMember(teamId);
  const busy = change.isPending || remove.isPending;

  const changeRole = (role: InvitableRole) =>
    change.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => notify.success('Member role updated'),
        onError: (error) => notify.error('Failed to update member role', { description: errorMessage(error) }),
      },
    );
  const removeFromTeam = () =>
    remove.mutate(member.user_id, {
      onSuccess: () => notify.success('Member removed from team'),
      onError: (error) => notify.error('Failed to remove member', { description: errorMessage(error) }),
    });

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={member.email}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{member.email}</p>
        {member.business_name && <p className="truncate text-sm text-muted-foreground">{member.business_name}</p>}
      </div>
      {member.status === 'pending' && <Badge variant="outline">Pending</Badge>}
      <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{ROLE_LABELS[member.role]}</Badge>
      {withMenu && (
        <div className="flex items-center gap-2" role="group" aria-label={`Actions for ${member.email}`}>
          <NativeSelect
            aria-label={`Role of ${member.email}`}
            className="w-32"
            value={member.role}
            disabled={busy}
            onChange={(e) => changeRole(e.target.value as InvitableRole)}
          >
            {invitableRoles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm" disabled={busy}>
                <UserMinusIcon aria-hidden="true" />
                Remove
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Remove {member.email} from the team?</AlertDialogTitle>
                <AlertDialogDescription>They lose access to the assistants shared with this team at once.</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction onClick={removeFromTeam}>Remove</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </li>
  );
}
