import { db } from '../data/db.js';
import type { TeamRole } from './authorize.js';

export interface SharedAssistant {
  chatbot_id: string;
  owner_id: string;
  team_id: string;
  role: TeamRole;
}

/** The teams the user is an active member of, with their role in each. */
export async function activeMemberships(userId: string): Promise<{ team_id: string; role: TeamRole }[]> {
  const { data } = await db().entities.teamMember.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data.filter((m) => m.status === 'active').map((m) => ({ team_id: m.team_id, role: m.role }));
}

/** Every assistant shared with a team the user is an active member of (others' only: their own they own). */
export async function assistantsSharedWith(userId: string): Promise<SharedAssistant[]> {
  const memberships = await activeMemberships(userId);
  const perTeam = await Promise.all(
    memberships.map(async ({ team_id, role }) => {
      const { data } = await db().entities.sharedChatbot.query.byTeam({ team_id }).go({ pages: 'all' });
      return data.map((s) => ({ chatbot_id: s.chatbot_id, owner_id: s.owner_id, team_id, role }));
    }),
  );
  return perTeam.flat().filter((s) => s.owner_id !== userId);
}
