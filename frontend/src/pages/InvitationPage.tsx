import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, MailCheckIcon, MailXIcon } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuth, useUserId } from '@/auth/auth-context';
import { FullPageSpinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { ROLE_HINTS } from '@/dashboard/teams/team-roles';
import { teamKeys } from '@/dashboard/teams/team-queries';
import { ApiError, errorMessage, useApi } from '@/lib/api';
import { notify } from '@/lib/notify';
import { acceptInvitation, getInvitation } from '@/lib/teams-api';

const TITLES: Record<number, string> = {
  403: 'This invitation is for someone else',
  404: 'Invitation not found',
  410: 'This invitation can no longer be used',
};

/**
 * /invitations/:id, the link of the invitation e-mail. Signed-out visitors are sent to /auth first
 * (sign in, or sign up with the invited address) and come back here. The server decides whether the
 * invitation is theirs, unused and unexpired; this page shows its answer.
 */
export default function InvitationPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const userId = useUserId();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ['invitation', userId, id],
    queryFn: ({ signal }) => getInvitation(api, id, signal),
    enabled: userId !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(api, id),
    onSuccess: async (team) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) }),
        queryClient.invalidateQueries({ queryKey: chatbotKeys.all(userId) }),
      ]);
      notify.success(`You joined ${team.name}`);
      void navigate('/dashboard/teams', { replace: true });
    },
    onError: (error) => notify.error('Failed to accept invitation', { description: errorMessage(error) }),
  });

  if (invitation.isPending) return <FullPageSpinner />;

  const refused = invitation.error;
  const status = refused instanceof ApiError ? refused.status : 0;
  return (
    <div className="flex min-h-svh items-center justify-center bg-linear-to-b from-primary/5 via-background to-background p-4">
      {refused ? (
        <Card className="w-full max-w-md text-center" role="alert">
          <CardHeader className="items-center">
            <MailXIcon aria-hidden="true" className="mx-auto size-10 text-destructive" />
            <CardTitle className="text-xl">{TITLES[status] ?? 'Could not open this invitation'}</CardTitle>
            <CardDescription>{errorMessage(refused, 'Please try again.')}</CardDescription>
            {status === 403 && <CardDescription>You are signed in as {user?.email}.</CardDescription>}
          </CardHeader>
          <CardContent className="flex flex-wrap justify-center gap-2">
            {status === 403 && (
              <Button variant="outline" onClick={() => void signOut()}>
                Sign out
              </Button>
            )}
            <Button onClick={() => void navigate('/dashboard')}>Back to Dashboard</Button>
          </CardContent>
        </Card>
      ) : (
        <Card className="w-full max-w-md text-center">
          <CardHeader className="items-center">
            <MailCheckIcon aria-hidden="true" className="mx-auto size-10 text-primary" />
            <CardTitle className="text-xl">Join {invitation.data.team_name}</CardTitle>
            <CardDescription>
              {invitation.data.invited_by_email} invited {invitation.data.email} to the team as {invitation.data.role}.
            </CardDescription>
            <CardDescription>{ROLE_HINTS[invitation.data.role]}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
              {accept.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              Accept Invitation
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
