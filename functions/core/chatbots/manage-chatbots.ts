import { deleteCrawlData } from '../crawl/engine/run-store.js';
import { deleteSyncSchedule } from '../crawl/engine/sync-schedule.js';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { Chatbot, ConversationSettings, UpdateChatbotRequest } from '../../contracts/chatbot.js';
import { chatbotFor, roleOnSharedAssistant, type Caller } from '../access/authorize.js';
import { assistantsSharedWith } from '../access/shared-assistants.js';
import { db } from '../data/db.js';
import { deleteAll } from '../data/delete-all.js';
import { deleteAllIndexes } from '../knowledge/index-store.js';
import { deleteConversationsOfChatbot } from '../inbox/delete-conversations.js';
import { deleteKnowledgeOfChatbot } from '../knowledge/delete-chatbot-knowledge.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { getS3Client } from '../storage/s3-client.js';
import { deleteWorkflowsOfChatbot } from '../workflows/delete-chatbot-workflows.js';
import { chatbotAsSeen, chatbotsAsSeen, type SeenChatbot } from './chatbot-view.js';
import { ownedAvatarKey } from './owned-avatar.js';
import { checkAgentImage } from './public-image-url.js';

/**
 * The caller's assistants and those shared with a team they are an active member of (issue 12: team
 * members see shared assistants in every dashboard screen), each with the caller's role on it; newest
 * first, or by business name for the spec's assistant selectors.
 */
export async function listChatbots(userId: string, sort: 'newest' | 'business_name' = 'newest'): Promise<Chatbot[]> {
  const [{ data: own }, shared] = await Promise.all([
    db().entities.chatbot.query.byUser({ user_id: userId }).go({ pages: 'all' }),
    assistantsSharedWith(userId),
  ]);
  const seen: SeenChatbot[] = own.map((stored) => ({ stored, role: 'owner' }));
  if (shared.length) {
    const { data: others } = await db()
      .entities.chatbot.get(shared.map((s) => ({ chatbot_id: s.chatbot_id })))
      .go();
    const roleIn = new Map(shared.map((s) => [`${s.team_id}/${s.chatbot_id}`, s.role]));
    for (const stored of others) {
      // Still shared with that team (a link outlives nothing: both change in one transaction, but check).
      const role = roleOnSharedAssistant(stored.team_id ? roleIn.get(`${stored.team_id}/${stored.chatbot_id}`) : undefined);
      if (role) seen.push({ stored, role });
    }
  }
  const chatbots = await chatbotsAsSeen(seen);
  chatbots.sort((a, b) =>
    sort === 'business_name' ? a.business_name.localeCompare(b.business_name) : b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
  return chatbots;
}

export async function getChatbot(caller: Caller, chatbotId: string): Promise<Chatbot> {
  const { chatbot, role } = await chatbotFor(caller, chatbotId);
  return chatbotAsSeen(chatbot, role);
}

export async function updateChatbot(caller: Caller, chatbotId: string, changes: UpdateChatbotRequest): Promise<Chatbot> {
  checkAgentImage(changes.agent_image);
  const { role } = await chatbotFor(caller, chatbotId);
  const { data } = await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ ...changes, updated_at: new Date().toISOString() })
    .go({ response: 'all_new' });
  return chatbotAsSeen(data, role);
}

/** Conversation Controls: the settings the chat engine and the widget obey (validated by the contract). */
export async function updateConversationSettings(caller: Caller, chatbotId: string, settings: ConversationSettings): Promise<Chatbot> {
  const { role } = await chatbotFor(caller, chatbotId);
  const { data } = await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ conversation_settings: settings, updated_at: new Date().toISOString() })
    .go({ response: 'all_new' });
  return chatbotAsSeen(data, role);
}

export async function setChatbotActive(caller: Caller, chatbotId: string, isActive: boolean): Promise<Chatbot> {
  return updateChatbotFields(caller, chatbotId, { is_active: isActive });
}

async function updateChatbotFields(caller: Caller, chatbotId: string, fields: { is_active: boolean }) {
  const { role } = await chatbotFor(caller, chatbotId);
  const { data } = await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ ...fields, updated_at: new Date().toISOString() })
    .go({ response: 'all_new' });
  return chatbotAsSeen(data, role);
}

/**
 * Deletes the assistant with everything it learned and was taught: crawled pages, index versions,
 * corrections, training records, transfer requests, demo visits, analytics rollups, voice sessions, its conversations with
 * their messages, the knowledge entries assigned to it
 * (with their files; entries for all assistants stay), and its uploaded avatar.
 */
export async function deleteChatbot(caller: Caller, chatbotId: string): Promise<void> {
  const { chatbot: bot } = await chatbotFor(caller, chatbotId);
  // The owner's (the only role allowed to delete): their knowledge, their quota slot.
  const userId = bot.user_id;
  const key = { chatbot_id: chatbotId };
  const { entities } = db();
  const [pages, corrections, transfers, visits, ratings, analyticsDays, voiceSessions] = await Promise.all([
    entities.crawledPage.query.byChatbot(key).go({ pages: 'all' }),
    entities.correction.query.byChatbot(key).go({ pages: 'all' }),
    entities.agentTransfer.query.byChatbot(key).go({ pages: 'all' }),
    entities.demoSession.query.byChatbot(key).go({ pages: 'all' }),
    entities.trainingRecord.query.byChatbot(key).go({ pages: 'all', attributes: ['record_id'] }),
    entities.analyticsDay.query.byChatbot(key).go({ pages: 'all', attributes: ['day'] }),
    entities.voiceSession.query.byChatbot(key).go({ pages: 'all', attributes: ['started_at', 'session'] }),
  ]);
  await Promise.all([
    deleteAll('pages', pages.data.map((p) => ({ ...key, url: p.url })), (keys) => entities.crawledPage.delete(keys).go()),
    deleteAll('corrections', corrections.data.map((c) => ({ ...key, created_at: c.created_at, correction_id: c.correction_id })), (keys) =>
      entities.correction.delete(keys).go(),
    ),
    deleteAll('transfers', transfers.data.map((t) => ({ ...key, transferred_at: t.transferred_at, transfer_id: t.transfer_id })), (keys) =>
      entities.agentTransfer.delete(keys).go(),
    ),
    deleteAll('demo visits', visits.data.map((v) => ({ ...key, session_id: v.session_id })), (keys) => entities.demoSession.delete(keys).go()),
    deleteAll('training records', ratings.data.map((r) => ({ ...key, record_id: r.record_id })), (keys) =>
      entities.trainingRecord.delete(keys).go(),
    ),
    deleteAll('analytics days', analyticsDays.data.map((d) => ({ ...key, day: d.day })), (keys) => entities.analyticsDay.delete(keys).go()),
    deleteAll('voice sessions', voiceSessions.data.map((v) => ({ ...key, started_at: v.started_at, session: v.session })), (keys) =>
      entities.voiceSession.delete(keys).go(),
    ),
    deleteKnowledgeOfChatbot(userId, chatbotId),
    deleteConversationsOfChatbot(chatbotId),
    // Its workflows, and first their schedules: none keeps firing for an assistant that is gone.
    deleteWorkflowsOfChatbot(chatbotId),
    // Its re-sync schedule and the readings of its website (a reading under way cleans up after itself).
    deleteSyncSchedule(chatbotId),
    deleteCrawlData(chatbotId),
    // No longer listed among its team's shared assistants.
    bot.team_id ? entities.sharedChatbot.delete({ team_id: bot.team_id, chatbot_id: chatbotId }).go() : undefined,
  ]);
  await deleteAllIndexes(chatbotId);
  const avatarKey = ownedAvatarKey(bot.agent_image);
  if (avatarKey) {
    await getS3Client()
      .send(new DeleteObjectCommand({ Bucket: requireEnv('AVATARS_BUCKET'), Key: avatarKey }))
      .catch((error) => log.warn('Avatar not deleted', { chatbotId, error }));
  }
  await deleteAndFreeSlot(userId, chatbotId);
}

/**
 * The assistant goes and its slot of the quota with it, in one transaction: only the request that
 * really deleted it frees a slot (a repeated or concurrent delete frees nothing more).
 */
async function deleteAndFreeSlot(userId: string, chatbotId: string): Promise<void> {
  // ElectroDB reports a cancelled transaction in its result rather than by throwing.
  const { canceled } = await db()
    .transaction.write(({ chatbot, subscription }) => [
      chatbot
        .delete({ chatbot_id: chatbotId })
        .where((attr, op) => op.exists(attr.chatbot_id))
        .commit(),
      subscription
        .patch({ user_id: userId })
        .subtract({ chatbots_created: 1 })
        .where((attr, op) => op.gt(attr.chatbots_created, 0))
        .commit(),
    ])
    .go();
  // A count already at 0 (an account older than this rule): the assistant still goes.
  if (canceled) await db().entities.chatbot.delete({ chatbot_id: chatbotId }).go();
}
