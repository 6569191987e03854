import type { RouteAction } from '../../../lib/routes.js';
import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { db } from '../data/db.js';
import { roleAllows, type TeamRoleName } from '../../contracts/roles.js';
import { forbidden, notFound } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';

/**
 * THE authorization rule of the signed-in routes. A caller acts on an assistant as its owner, or as a
 * member of the team it is shared with, in that member's role; on a team, in their role there. What the
 * caller cannot see at all is 404 (the same as an unknown id, so other tenants' ids cannot be probed);
 * what their role does not allow is 403. The action a route needs is declared in lib/routes.ts.
 */

export type TeamRole = TeamRoleName;
export type ResourceAction = Exclude<RouteAction, 'account'>;

/** The signed-in caller of a route and what that route needs of them (lib/routes.ts `action`). */
export interface Caller extends Identity {
  action: RouteAction;
}

export type Decision = 'allowed' | 'hidden' | 'forbidden';

/** The decision for a caller holding `role` on a resource (none: they cannot see it). */
export function decide(role: TeamRole | undefined, action: ResourceAction): Decision {
  if (!role) return 'hidden';
  return roleAllows(role, action) ? 'allowed' : 'forbidden';
}

const ROLE_NEEDED: Record<ResourceAction, string> = {
  read: 'a member of its team',
  edit: 'an editor or admin of its team',
  manage: 'an admin or owner of the team',
  own: 'its owner',
};

/** Throws the 404 or 403 of a refusal; returns the role otherwise. */
export function enforce(role: TeamRole | undefined, action: RouteAction, what: string, noun: string): TeamRole {
  if (action === 'account') throw new Error(`A route declared 'account' may not act on ${noun}: declare its action in lib/routes.ts`);
  const decision = decide(role, action);
  if (decision === 'hidden') throw notFound(`${what} not found`);
  if (decision === 'forbidden') throw forbidden(`Your role in this team (${role}) does not allow this: only ${ROLE_NEEDED[action]} may do it.`);
  return role!;
}

/** The caller's role in a team, if they are an active member of it. */
export async function teamRole(userId: string, teamId: string): Promise<TeamRole | undefined> {
  const { data } = await db().entities.teamMember.get({ team_id: teamId, user_id: userId }).go();
  return data?.status === 'active' ? data.role : undefined;
}

/**
 * The caller's role on an assistant: 'owner' for its owner; else their role in the team it is shared
 * with, where a team's own owner counts as an admin (only the assistant's owner may delete it, move it
 * to another team or pay for it).
 */
export async function chatbotRole(userId: string, chatbot: Pick<StoredChatbot, 'user_id' | 'team_id'>): Promise<TeamRole | undefined> {
  if (chatbot.user_id === userId) return 'owner';
  if (!chatbot.team_id) return undefined;
  return roleOnSharedAssistant(await teamRole(userId, chatbot.team_id));
}

/** A team role's rights on an assistant shared with that team: the team's owner there is an admin. */
export const roleOnSharedAssistant = (role: TeamRole | undefined): TeamRole | undefined => (role === 'owner' ? 'admin' : role);

export interface ChatbotGrant {
  chatbot: StoredChatbot;
  role: TeamRole;
}

/** Decides the caller's access to a (loaded) assistant for their route's action: the grant, or the refusal thrown. */
export async function authorizeChatbot(caller: Caller, chatbot: StoredChatbot | null | undefined): Promise<ChatbotGrant> {
  const role = chatbot ? await chatbotRole(caller.userId, chatbot) : undefined;
  return { chatbot: chatbot!, role: enforce(role, caller.action, 'Chatbot', 'an assistant') };
}

/** Reads the assistant and decides the caller's access to it. */
export async function chatbotFor(caller: Caller, chatbotId: string): Promise<ChatbotGrant> {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  return authorizeChatbot(caller, data);
}

/** Decides the caller's access to a team for their route's action. */
export async function authorizeTeam(caller: Caller, teamId: string): Promise<TeamRole> {
  return enforce(await teamRole(caller.userId, teamId), caller.action, 'Team', 'a team');
}
