import type { EntityItem } from 'electrodb';
import { randomUUID } from 'node:crypto';
import type { CreateTeamRequest, Team, TeamMember } from '../../contracts/teams.js';
import type { Caller, TeamRole } from '../access/authorize.js';
import { activeMemberships } from '../access/shared-assistants.js';
import { db } from '../data/db.js';
import type { teamEntity, teamMemberEntity } from '../data/team-entities.js';
import { notFound } from '../http/http-error.js';

export type StoredTeam = EntityItem<ReturnType<typeof teamEntity>>;
export type StoredTeamMember = EntityItem<ReturnType<typeof teamMemberEntity>>;

export const toTeam = (team: StoredTeam, role: TeamRole): Team => ({
  id: team.team_id,
  name: team.name,
  description: team.description ?? '',
  owner_id: team.owner_id,
  created_at: team.created_at,
  role,
});

export const toTeamMember = (member: StoredTeamMember): TeamMember => ({
  id: `${member.team_id}:${member.user_id}`,
  team_id: member.team_id,
  user_id: member.user_id,
  role: member.role,
  status: member.status,
  joined_at: member.joined_at,
  email: member.email,
  business_name: member.business_name ?? '',
});

/** A member record of the caller, from their signed-in identity (the profile the team shows). */
export const memberRecord = (caller: Caller, teamId: string, role: TeamRole, now: string) => ({
  team_id: teamId,
  user_id: caller.userId,
  role,
  status: 'active' as const,
  email: caller.email.toLowerCase(),
  business_name: caller.businessName,
  joined_at: now,
});

/** New team (spec 001): the creator becomes its active owner, in the same transaction. */
export async function createTeam(caller: Caller, input: Required<Pick<CreateTeamRequest, 'name'>> & { description: string }): Promise<Team> {
  const now = new Date().toISOString();
  const team = { team_id: randomUUID(), name: input.name, description: input.description, owner_id: caller.userId, created_at: now };
  await db()
    .transaction.write(({ team: teams, teamMember }) => [
      teams.create(team).commit(),
      teamMember.create(memberRecord(caller, team.team_id, 'owner', now)).commit(),
    ])
    .go();
  return toTeam(team, 'owner');
}

/** The caller's teams, newest first (spec 001: select all newest first), with their role in each. */
export async function listTeams(caller: Caller): Promise<Team[]> {
  const memberships = await activeMemberships(caller.userId);
  if (!memberships.length) return [];
  const { data } = await db().entities.team.get(memberships.map((m) => ({ team_id: m.team_id }))).go();
  const roleOf = new Map(memberships.map((m) => [m.team_id, m.role]));
  return data
    .map((team) => toTeam(team, roleOf.get(team.team_id)!))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

export async function getTeam(teamId: string): Promise<StoredTeam> {
  const { data } = await db().entities.team.get({ team_id: teamId }).go();
  if (!data) throw notFound('Team not found');
  return data;
}
