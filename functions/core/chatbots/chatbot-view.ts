import type { Chatbot } from '../../contracts/chatbot.js';
import type { TeamRole } from '../access/authorize.js';
import { db } from '../data/db.js';
import { toChatbotFields, type StoredChatbot } from './chatbot-record.js';

export interface SeenChatbot {
  stored: StoredChatbot;
  /** The caller's role on it, as the one rule decided (core/access/authorize.ts). */
  role: TeamRole;
}

/**
 * Assistants as the caller sees them (issue 12): with their role on each, so the browser can hide what
 * the role cannot do, and the name of the team each is shared with (read once per team).
 */
export async function chatbotsAsSeen(seen: readonly SeenChatbot[]): Promise<Chatbot[]> {
  const teamIds = [...new Set(seen.map((s) => s.stored.team_id).filter((id): id is string => Boolean(id)))];
  const { data: teams } = teamIds.length
    ? await db().entities.team.get(teamIds.map((team_id) => ({ team_id }))).go({ attributes: ['team_id', 'name'] })
    : { data: [] };
  const names = new Map(teams.map((t) => [t.team_id, t.name]));
  return seen.map(({ stored, role }) => ({
    ...toChatbotFields(stored),
    role,
    team_name: (stored.team_id && names.get(stored.team_id)) || null,
  }));
}

export async function chatbotAsSeen(stored: StoredChatbot, role: TeamRole): Promise<Chatbot> {
  return (await chatbotsAsSeen([{ stored, role }]))[0]!;
}
