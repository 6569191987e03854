import type { EntityItem } from 'electrodb';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  MAX_KNOWLEDGE_ENTRIES_PER_OWNER,
  type KnowledgeEntry,
  type KnowledgeType,
  type createKnowledgeEntryRequestSchema,
  type updateKnowledgeEntryRequestSchema,
} from '../../contracts/knowledge.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import type { knowledgeEntryEntity } from '../data/entities.js';
import { HttpError, notFound } from '../http/http-error.js';
import { previewText } from './preview-text.js';

export type StoredKnowledgeEntry = EntityItem<ReturnType<typeof knowledgeEntryEntity>>;

/** What a new entry is made of; documents add their stored file. */
export type NewKnowledgeEntry = z.output<typeof createKnowledgeEntryRequestSchema> & {
  file?: { name: string; key: string; size: number };
};

/** The API shape; `previewChars` cuts the content for lists. */
export function toKnowledgeEntry(stored: StoredKnowledgeEntry, previewChars?: number): KnowledgeEntry {
  return {
    id: stored.entry_id,
    user_id: stored.user_id,
    chatbot_id: stored.chatbot_id ?? null,
    title: stored.title,
    content: previewChars === undefined ? stored.content : previewText(stored.content, previewChars),
    content_length: stored.content.length,
    type: stored.type,
    is_active: stored.is_active ?? true,
    file_name: stored.file_name ?? null,
    file_size: stored.file_size ?? null,
    has_file: Boolean(stored.file_key),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/**
 * An entry lives in its assistant's owner's knowledge, so an assistant it names must be in that
 * account (else the same 404 as any foreign id). Who may change the entry is decided before, by the
 * rule of core/access (knowledge-access.ts).
 */
async function checkAssignable(ownerId: string, chatbotId: string | null | undefined): Promise<void> {
  if (!chatbotId) return;
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['user_id'] });
  if (data?.user_id !== ownerId) throw notFound('Chatbot not found');
}

/** The owner's entries, newest first (spec 000: select all fields where user_id, newest first). */
export async function listKnowledgeEntries(userId: string): Promise<StoredKnowledgeEntry[]> {
  const { data } = await db().entities.knowledgeEntry.query.byOwner({ user_id: userId }).go({ pages: 'all' });
  return data.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.entry_id.localeCompare(a.entry_id));
}

/** Entries an assistant answers from (active or not): those for it and those for all assistants. */
export async function entriesForChatbot(userId: string, chatbotId: string): Promise<StoredKnowledgeEntry[]> {
  const entries = await listKnowledgeEntries(userId);
  return entries.filter((entry) => !entry.chatbot_id || entry.chatbot_id === chatbotId);
}

export async function getKnowledgeEntry(userId: string, entryId: string): Promise<StoredKnowledgeEntry> {
  const { data } = await db().entities.knowledgeEntry.get({ user_id: userId, entry_id: entryId }).go();
  if (!data) throw notFound('Knowledge entry not found');
  return data;
}

export const knowledgeEntryLimitMessage = (limit: number) =>
  `You have reached the limit of ${limit.toLocaleString('en')} knowledge entries; delete some before adding more`;

/**
 * Refuses (403, nothing written) a batch that would take the owner past `limit` entries. The count is
 * read before the write, so two batches at the same moment may pass it by one batch: the limit
 * bounds the size of what is listed and indexed, it is not a billing quota.
 */
async function checkEntryLimit(userId: string, adding: number, limit: number): Promise<void> {
  if (!adding) return;
  const { data } = await db()
    .entities.knowledgeEntry.query.byOwner({ user_id: userId })
    .go({ pages: 'all', attributes: ['entry_id'] });
  if (data.length + adding <= limit) return;
  if (data.length >= limit) throw new HttpError(403, knowledgeEntryLimitMessage(limit));
  throw new HttpError(
    403,
    `Adding ${adding} entries would pass the limit of ${limit.toLocaleString('en')} knowledge entries ` +
      `(you have ${data.length.toLocaleString('en')}); delete some before adding more`,
  );
}

/**
 * Stores new entries in one batch (a document, or a set of generated FAQs), within the owner's limit
 * of entries. The caller re-indexes the affected assistants (`reindexAffectedChatbots`) once for the
 * whole batch.
 */
export async function createKnowledgeEntries(
  userId: string,
  inputs: readonly NewKnowledgeEntry[],
  { maxEntries = MAX_KNOWLEDGE_ENTRIES_PER_OWNER }: { maxEntries?: number } = {},
): Promise<StoredKnowledgeEntry[]> {
  await Promise.all([
    checkEntryLimit(userId, inputs.length, maxEntries),
    ...[...new Set(inputs.map((i) => i.chatbot_id))].map((id) => checkAssignable(userId, id)),
  ]);
  const base = Date.now();
  const items = inputs.map((input, i) => {
    // Distinct, ordered timestamps keep a batch in its given order when listed newest first.
    const now = new Date(base - i).toISOString();
    return {
      user_id: userId,
      entry_id: randomUUID(),
      ...(input.chatbot_id ? { chatbot_id: input.chatbot_id } : {}),
      title: input.title,
      content: input.content,
      type: input.type as KnowledgeType,
      is_active: true,
      ...(input.file ? { file_name: input.file.name, file_key: input.file.key, file_size: input.file.size } : {}),
      created_at: now,
      updated_at: now,
    };
  });
  if (items.length === 1) await db().entities.knowledgeEntry.create(items[0]!).go();
  else if (items.length) {
    const { unprocessed } = await db().entities.knowledgeEntry.put(items).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} knowledge entries were not written`);
  }
  return items;
}

/** A patch of an entry that may have been deleted meanwhile: gone is the same 404 as unknown. */
async function patched(write: () => Promise<{ data: StoredKnowledgeEntry }>): Promise<StoredKnowledgeEntry> {
  try {
    return (await write()).data;
  } catch (error) {
    if (isConditionalFailure(error)) throw notFound('Knowledge entry not found');
    throw error;
  }
}

/** Edits an entry; returns it, as it was, and the assistants whose knowledge changed (before and after). */
export async function updateKnowledgeEntry(
  userId: string,
  entryId: string,
  changes: z.output<typeof updateKnowledgeEntryRequestSchema>,
): Promise<{ entry: StoredKnowledgeEntry; before: StoredKnowledgeEntry; affected: (string | null)[] }> {
  const [before] = await Promise.all([getKnowledgeEntry(userId, entryId), checkAssignable(userId, changes.chatbot_id)]);
  const { chatbot_id, ...rest } = changes;
  let update = db()
    .entities.knowledgeEntry.patch({ user_id: userId, entry_id: entryId })
    .set({ ...rest, ...(chatbot_id ? { chatbot_id } : {}), updated_at: new Date().toISOString() });
  if (chatbot_id === null) update = update.remove(['chatbot_id']);
  const entry = await patched(() => update.go({ response: 'all_new' }));
  return { entry, before, affected: [before.chatbot_id ?? null, entry.chatbot_id ?? null] };
}

export async function setKnowledgeEntryActive(userId: string, entryId: string, isActive: boolean): Promise<StoredKnowledgeEntry> {
  return patched(() =>
    db()
      .entities.knowledgeEntry.patch({ user_id: userId, entry_id: entryId })
      .set({ is_active: isActive, updated_at: new Date().toISOString() })
      .go({ response: 'all_new' }),
  );
}

/** Deletes the entry record; the caller removes its file (if any) and re-indexes. */
export async function deleteKnowledgeEntry(userId: string, entryId: string): Promise<StoredKnowledgeEntry> {
  const entry = await getKnowledgeEntry(userId, entryId);
  await db().entities.knowledgeEntry.delete({ user_id: userId, entry_id: entryId }).go();
  return entry;
}
