import type { TeamRoleName } from '@contracts/teams';

/** Spec 001 section 6: only owners and admins see the invite button, the member menu and cancel. */
export const managesTeam = (role: TeamRoleName | undefined): boolean => role === 'owner' || role === 'admin';

export const ROLE_LABELS: Record<TeamRoleName, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', member: 'Member' };

export const ROLE_HINTS: Record<Exclude<TeamRoleName, 'owner'>, string> = {
  member: 'Member: view only',
  editor: 'Editor: can edit chatbots',
  admin: 'Admin: full management access',
};
