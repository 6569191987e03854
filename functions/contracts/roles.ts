/**
 * Spec 001 section 6 and issue 12: the team roles and the rights each gives on a shared assistant (or a
 * team). The server decides with this table (functions/core/access/authorize.ts); the browser reads the
 * same table only to hide what the caller's role cannot do.
 */
export const teamRoles = ['owner', 'admin', 'editor', 'member'] as const;
export type TeamRoleName = (typeof teamRoles)[number];

/** What a route does to the assistant or team it names (lib/routes.ts `action`, less `account`). */
export type RoleAction = 'read' | 'edit' | 'manage' | 'own';

const RANK: Record<TeamRoleName, number> = { member: 1, editor: 2, admin: 3, owner: 4 };

/** The least role an action needs: member reads; editor also edits; admin also manages the team; owner owns. */
export const LEAST_ROLE: Record<RoleAction, TeamRoleName> = { read: 'member', edit: 'editor', manage: 'admin', own: 'owner' };

export const roleAllows = (role: TeamRoleName | undefined, action: RoleAction): boolean =>
  role !== undefined && RANK[role] >= RANK[LEAST_ROLE[action]];
