import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import { connectionsOfUser } from './connections.js';
import { postToConnection } from './post-to-connection.js';

/**
 * Who may read an assistant's conversations (the one rule, core/access/authorize.ts): its owner and
 * every active member of the team it is shared with, whatever their role (a member reads).
 */
export async function readersOf(chatbot: { user_id: string; team_id?: string | null }): Promise<string[]> {
  if (!chatbot.team_id) return [chatbot.user_id];
  const { data } = await db().entities.teamMember.query.byTeam({ team_id: chatbot.team_id }).go({ pages: 'all' });
  return [...new Set([chatbot.user_id, ...data.filter((m) => m.status === 'active').map((m) => m.user_id)])];
}

/**
 * The open dashboards (socket connections) of everyone who may read the assistant's conversations.
 * `ownerSockets`: the owner's, when the caller has read them already (a chat turn's first round).
 */
export async function listeningConnections(chatbot: { user_id: string; team_id?: string | null }, ownerSockets?: readonly string[]): Promise<string[]> {
  const socketsOf = (userId: string) => (ownerSockets && userId === chatbot.user_id ? ownerSockets : connectionsOfUser(userId));
  return (await Promise.all((await readersOf(chatbot)).map(socketsOf))).flat();
}

async function tell(connections: readonly string[], chatbotId: string, conversationId: string): Promise<void> {
  await Promise.all(connections.map((id) => postToConnection(id, { type: 'inbox', chatbot_id: chatbotId, conversation_id: conversationId })));
}

/**
 * Tells every open dashboard of the assistant's readers that a conversation changed (a visitor wrote,
 * someone replied), so open inboxes reload it without a refresh (issue 12: live inbox updates go to
 * every member who may read the conversation). Best effort: the message is stored already, and a
 * reader who missed this sees it at their next load; a failure here is logged, never the turn's.
 */
export async function announceInboxChange(chatbotId: string, conversationId: string): Promise<void> {
  try {
    const { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['user_id', 'team_id'] });
    if (bot) await tell(await listeningConnections(bot), chatbotId, conversationId);
  } catch (error) {
    log.warn('Live inbox update not sent', { chatbotId, conversationId, error });
  }
}

/**
 * announceInboxChange for a chat turn that has read the assistant already: who listens is looked up
 * at once, while the turn answers, and told once the returned function's `written` has succeeded (a
 * dashboard reloading then finds the message). Saves the turn two round trips after its writes, and
 * the lookup's own round trip while a model writes the answer; none at all for the owner's sockets
 * when the turn's first round read them (`ownerSockets`).
 */
export function prepareInboxAnnouncement(
  chatbot: { chatbot_id: string; user_id: string; team_id?: string | null },
  conversationId: string,
  ownerSockets?: readonly string[],
): (written: Promise<unknown>) => Promise<void> {
  const listening = listeningConnections(chatbot, ownerSockets);
  // Told below, or not at all if the writes failed (the turn fails with them) or none were made.
  listening.catch(() => undefined);
  return async (written) => {
    try {
      await written;
    } catch {
      return;
    }
    try {
      await tell(await listening, chatbot.chatbot_id, conversationId);
    } catch (error) {
      log.warn('Live inbox update not sent', { chatbotId: chatbot.chatbot_id, conversationId, error });
    }
  };
}
