import type { Chatbot } from '@contracts/chatbot';
import { EyeIcon } from 'lucide-react';
import { ROLE_LABELS } from '@/dashboard/teams/team-roles';

/**
 * Says why a screen shows no way to change a shared assistant (issue 12): the caller's role in its
 * team only reads. The server refuses the changes anyway; this keeps people from trying.
 */
export function ViewOnlyNote({ chatbot }: { chatbot: Pick<Chatbot, 'role' | 'team_name'> }) {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
      <EyeIcon className="size-4 shrink-0" aria-hidden="true" />
      View only: as {ROLE_LABELS[chatbot.role].toLowerCase()} of {chatbot.team_name ?? 'its team'} you can see this assistant but not change it.
    </p>
  );
}
