import type { Team } from '@contracts/teams';
import { BotIcon, UsersRoundIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAuth } from '@/auth/auth-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { InviteMemberDialog } from '@/dashboard/teams/InviteMemberDialog';
import { MemberRow } from '@/dashboard/teams/MemberRow';
import { NewTeamDialog } from '@/dashboard/teams/NewTeamDialog';
import { ROLE_LABELS, managesTeam } from '@/dashboard/teams/team-roles';
import { useCancelInvitation, useTeamData, useTeamsQuery } from '@/dashboard/teams/team-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

function NoTeams({ onCreated }: { onCreated: (team: Team) => void }) {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <UsersRoundIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle>No teams yet</CardTitle>
        <CardDescription>Create a team to invite colleagues and share your assistants with them.</CardDescription>
      </CardHeader>
      <CardContent>
        <NewTeamDialog onCreated={onCreated} />
      </CardContent>
    </Card>
  );
}

function TeamDetail({ team }: { team: Team }) {
  const { user } = useAuth();
  const { members, invitations, chatbots } = useTeamData(team.id);
  const cancel = useCancelInvitation(team.id);
  const manages = managesTeam(team.role);
  const loadError = members.error ?? invitations.error ?? chatbots.error;

  useEffect(() => {
    if (loadError) notify.error('Failed to load team data', { description: errorMessage(loadError) });
  }, [loadError]);

  const cancelInvitation = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => notify.success('Invitation cancelled'),
      onError: (error) => notify.error('Failed to cancel invitation', { description: errorMessage(error) }),
    });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <CardTitle className="flex items-center gap-2">
              {team.name}
              <Badge variant="secondary">Your role: {ROLE_LABELS[team.role]}</Badge>
            </CardTitle>
            {team.description && <CardDescription>{team.description}</CardDescription>}
          </div>
          {manages && <InviteMemberDialog teamId={team.id} />}
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="members">
            <TabsList>
              <TabsTrigger value="members">Members ({members.data?.length ?? 0})</TabsTrigger>
              <TabsTrigger value="pending">Pending ({invitations.data?.length ?? 0})</TabsTrigger>
            </TabsList>
            <TabsContent value="members">
              {members.isPending ? (
                <Skeleton className="h-24" />
              ) : (
                <ul className="divide-y" aria-label="Team members">
                  {(members.data ?? []).map((member) => (
                    <MemberRow
                      key={member.id}
                      member={member}
                      teamId={team.id}
                      withMenu={manages && member.role !== 'owner' && member.user_id !== user?.userId}
                    />
                  ))}
                </ul>
              )}
            </TabsContent>
            <TabsContent value="pending">
              {invitations.isPending ? (
                <Skeleton className="h-24" />
              ) : invitations.data?.length ? (
                <ul className="divide-y" aria-label="Pending invitations">
                  {invitations.data.map((invitation) => (
                    <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3" aria-label={invitation.email}>
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{invitation.email}</p>
                        <p className="text-sm text-muted-foreground">Expires {new Date(invitation.expires_at).toLocaleDateString()}</p>
                      </div>
                      <Badge variant="outline">Pending</Badge>
                      <Badge variant="secondary">{ROLE_LABELS[invitation.role]}</Badge>
                      {manages && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Cancel invitation to ${invitation.email}`}
                          disabled={cancel.isPending}
                          onClick={() => cancelInvitation(invitation.id)}
                        >
                          <XIcon aria-hidden="true" />
                          Cancel
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="py-6 text-center text-sm text-muted-foreground">No pending invitations</p>
              )}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Shared Chatbots</CardTitle>
          <CardDescription>Assistants their owners shared with this team. Members see them in every screen, with their role's rights.</CardDescription>
        </CardHeader>
        <CardContent>
          {chatbots.isPending ? (
            <Skeleton className="h-16" />
          ) : chatbots.data?.length ? (
            <ul className="divide-y" aria-label="Shared chatbots">
              {chatbots.data.map((bot) => (
                <li key={bot.id} className="flex items-center gap-3 py-3">
                  <BotIcon className="size-5 text-primary" aria-hidden="true" />
                  <span className="font-medium">{bot.business_name}</span>
                  <span className="text-sm text-muted-foreground">{bot.agent_name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No chatbots shared with this team yet. An assistant's owner shares it from the Assistants screen.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** /dashboard/teams: Team Collaboration (spec 001 section 2). */
export default function TeamsScreen() {
  const teams = useTeamsQuery();
  const [selectedId, setSelectedId] = useState<string>();
  const selectId = useId();

  useEffect(() => {
    if (teams.error) notify.error('Failed to load teams', { description: errorMessage(teams.error) });
  }, [teams.error]);

  const list = teams.data ?? [];
  const selected = list.find((t) => t.id === selectedId) ?? list[0];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Team Collaboration</h2>
          <p className="text-muted-foreground">Invite your team and work on your assistants together.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {list.length > 1 && (
            <div className="w-56">
              <label htmlFor={selectId} className="sr-only">
                Team
              </label>
              <NativeSelect id={selectId} value={selected?.id} onChange={(e) => setSelectedId(e.target.value)}>
                {list.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {list.length > 0 && <NewTeamDialog onCreated={(team) => setSelectedId(team.id)} />}
        </div>
      </div>
      {teams.isPending ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : selected ? (
        <TeamDetail key={selected.id} team={selected} />
      ) : (
        <NoTeams onCreated={(team) => setSelectedId(team.id)} />
      )}
    </div>
  );
}
