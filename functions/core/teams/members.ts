import type { InvitableRole, TeamMember } from '../../contracts/teams.js';
import { authorizeTeam, type Caller } from '../access/authorize.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError, notFound } from '../http/http-error.js';
import { getTeam, toTeamMember } from './teams.js';

export const OWNER_UNCHANGEABLE_MESSAGE = "The team's owner cannot be changed or removed.";
export const SELF_UNCHANGEABLE_MESSAGE = 'You cannot change your own role or remove yourself.';

/** The team's members with role and status (spec 001: Members tab). */
export async function listMembers(caller: Caller, teamId: string): Promise<TeamMember[]> {
  await authorizeTeam(caller, teamId);
  const { data } = await db().entities.teamMember.query.byTeam({ team_id: teamId }).go({ pages: 'all' });
  return data.map(toTeamMember).sort((a, b) => a.joined_at.localeCompare(b.joined_at) || a.email.localeCompare(b.email));
}

/** Spec 001 section 6: never the owner nor yourself, through the menu or any other way. */
async function changeableMember(caller: Caller, teamId: string, userId: string) {
  await authorizeTeam(caller, teamId);
  const [team, { data: member }] = await Promise.all([getTeam(teamId), db().entities.teamMember.get({ team_id: teamId, user_id: userId }).go()]);
  if (!member) throw notFound('Team member not found');
  if (userId === team.owner_id || member.role === 'owner') throw new HttpError(403, OWNER_UNCHANGEABLE_MESSAGE);
  if (userId === caller.userId) throw new HttpError(403, SELF_UNCHANGEABLE_MESSAGE);
  return member;
}

export async function changeMemberRole(caller: Caller, teamId: string, userId: string, role: InvitableRole): Promise<TeamMember> {
  await changeableMember(caller, teamId, userId);
  try {
    const { data } = await db()
      .entities.teamMember.patch({ team_id: teamId, user_id: userId })
      .set({ role })
      .where((attr, op) => op.ne(attr.role, 'owner'))
      .go({ response: 'all_new' });
    return toTeamMember(data);
  } catch (error) {
    if (isConditionalFailure(error)) throw notFound('Team member not found');
    throw error;
  }
}

/** Removes the member: from the next request on, the team's assistants are hidden from them (404). */
export async function removeMember(caller: Caller, teamId: string, userId: string): Promise<void> {
  await changeableMember(caller, teamId, userId);
  await db().entities.teamMember.delete({ team_id: teamId, user_id: userId }).go();
}
