import type { Chatbot } from '@contracts/chatbot';
import { roleAllows, type RoleAction } from '@contracts/roles';

/**
 * What the caller's role on an assistant lets them do (issue 12), from the role the API returns with it
 * and the server's own table (contracts/roles.ts). Only for hiding controls: the server decides.
 */
export const can = (chatbot: Pick<Chatbot, 'role'> | null | undefined, action: RoleAction): boolean =>
  Boolean(chatbot) && roleAllows(chatbot!.role, action);

/** An assistant someone else owns, shared with a team of the caller's. */
export const isShared = (chatbot: Pick<Chatbot, 'role'>): boolean => chatbot.role !== 'owner';

/** How selectors name an assistant: a shared one says so, with its team. */
export const assistantLabel = (chatbot: Pick<Chatbot, 'role' | 'business_name' | 'agent_name' | 'team_name'>): string => {
  const name = chatbot.business_name || chatbot.agent_name;
  return isShared(chatbot) ? `${name} (shared · ${chatbot.team_name ?? 'team'})` : name;
};
