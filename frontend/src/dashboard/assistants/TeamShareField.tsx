import type { Chatbot } from '@contracts/chatbot';
import { UsersRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useSetChatbotTeam, useTeamsQuery } from '@/dashboard/teams/team-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const NOT_SHARED = '';

/**
 * The owner's choice of the team an assistant is shared with (spec 001: a chatbot's team is updated
 * only by its owner; the server refuses anyone else). Shown once the owner belongs to a team.
 */
export function TeamShareField({ chatbot }: { chatbot: Chatbot }) {
  const id = useId();
  const teams = useTeamsQuery();
  const setTeam = useSetChatbotTeam();
  if (!teams.data?.length) return null;
  const value = setTeam.isPending ? (setTeam.variables.teamId ?? NOT_SHARED) : (chatbot.team_id ?? NOT_SHARED);

  const choose = (teamId: string) =>
    setTeam.mutate(
      { chatbotId: chatbot.id, teamId: teamId === NOT_SHARED ? null : teamId },
      {
        onSuccess: (saved) =>
          notify.success(saved.team_name ? `Shared with ${saved.team_name}` : 'No longer shared with a team', {
            description: saved.team_name ? "Its members see it with their role's rights." : undefined,
          }),
        onError: (error) => notify.error('Failed to update the team', { description: errorMessage(error) }),
      },
    );

  return (
    <div className="flex items-center gap-2" onClick={(event) => event.stopPropagation()}>
      <UsersRoundIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        Team
      </label>
      <NativeSelect id={id} value={value} disabled={setTeam.isPending} onChange={(event) => choose(event.target.value)}>
        <option value={NOT_SHARED}>Not shared</option>
        {teams.data.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
