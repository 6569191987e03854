import type { Chatbot } from '../../contracts/chatbot.js';
import { authorizeTeam, chatbotFor, chatbotRole, teamRole, type Caller } from '../access/authorize.js';
import { chatbotAsSeen, chatbotsAsSeen } from '../chatbots/chatbot-view.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';

/**
 * Shares the owner's assistant with one of their teams, or with none (spec 001: a chatbot's team is
 * updated only if the current user owns the chatbot). The owner must be an active member of the team.
 * The assistant's team_id and the team's list of shared assistants change together.
 */
export async function setChatbotTeam(caller: Caller, chatbotId: string, teamId: string | null): Promise<Chatbot> {
  const { chatbot } = await chatbotFor(caller, chatbotId);
  if (teamId && !(await teamRole(caller.userId, teamId))) throw notFound('Team not found');
  const previous = chatbot.team_id;
  const now = new Date().toISOString();
  await db()
    .transaction.write(({ chatbot: bots, sharedChatbot }) => [
      teamId
        ? bots.patch({ chatbot_id: chatbotId }).set({ team_id: teamId, updated_at: now }).commit()
        : bots.patch({ chatbot_id: chatbotId }).remove(['team_id']).set({ updated_at: now }).commit(),
      ...(previous && previous !== teamId ? [sharedChatbot.delete({ team_id: previous, chatbot_id: chatbotId }).commit()] : []),
      ...(teamId ? [sharedChatbot.put({ team_id: teamId, chatbot_id: chatbotId, owner_id: chatbot.user_id, shared_at: now }).commit()] : []),
    ])
    .go();
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!data) throw notFound('Chatbot not found');
  return chatbotAsSeen(data, 'owner');
}

/** The team's shared assistants (spec 001: a list of chatbots shared with the team), newest first. */
export async function teamChatbots(caller: Caller, teamId: string): Promise<Chatbot[]> {
  await authorizeTeam(caller, teamId);
  const { data: links } = await db().entities.sharedChatbot.query.byTeam({ team_id: teamId }).go({ pages: 'all' });
  if (!links.length) return [];
  const { data } = await db().entities.chatbot.get(links.map((l) => ({ chatbot_id: l.chatbot_id }))).go();
  const shared = data.filter((bot) => bot.team_id === teamId);
  const roles = await Promise.all(shared.map((bot) => chatbotRole(caller.userId, bot)));
  const seen = shared.flatMap((stored, i) => (roles[i] ? [{ stored, role: roles[i] }] : []));
  return (await chatbotsAsSeen(seen)).sort((a, b) => b.created_at.localeCompare(a.created_at));
}
