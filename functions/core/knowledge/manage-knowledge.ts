import type * as z from 'zod';
import {
  MAX_PUBLIC_KNOWLEDGE_ENTRIES,
  PUBLIC_KNOWLEDGE_PREVIEW_CHARS,
  type KnowledgeEntry,
  type updateKnowledgeEntryRequestSchema,
} from '../../contracts/knowledge.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { enforceDemoPageLimits } from '../chat/rate-limit.js';
import { db } from '../data/db.js';
import { HttpError, forbidden, notFound } from '../http/http-error.js';
import { log } from '../runtime/log.js';
import {
  createKnowledgeEntries,
  deleteKnowledgeEntry,
  entriesForChatbot,
  setKnowledgeEntryActive,
  toKnowledgeEntry,
  updateKnowledgeEntry,
  type NewKnowledgeEntry,
  type StoredKnowledgeEntry,
} from './knowledge-entries.js';
import { entryFor } from './knowledge-access.js';
import { deleteKnowledgeFile, knowledgeFileUrl, KNOWLEDGE_FILE_URL_SECONDS } from './knowledge-files.js';
import { previewText } from './preview-text.js';
import { queueKnowledgeChange } from './knowledge-change-queue.js';

/**
 * The Knowledge screen's operations. Each change is stored and handed to reindex-knowledge, which
 * re-indexes the assistants it touches and recomputes their quality off the request
 * (apply-knowledge-change.ts); the chat answers from the new index as soon as it is published. A
 * change that cannot be handed over is undone.
 */

/** The request's signal (aborted once its time limit has answered: nothing is stored after that). */
type Deadline = { signal?: AbortSignal };

export async function addKnowledgeEntries(
  userId: string,
  inputs: readonly NewKnowledgeEntry[],
  { signal }: Deadline = {},
): Promise<KnowledgeEntry[]> {
  signal?.throwIfAborted();
  const stored = await createKnowledgeEntries(userId, inputs);
  await queueOrUndo(userId, stored.map((e) => e.chatbot_id ?? null), () => deleteEntries(stored), signal);
  return stored.map((entry) => toKnowledgeEntry(entry));
}

export const ALL_ASSISTANTS_OWNER_ONLY_MESSAGE = "Only the assistants' owner can make an entry apply to all of their assistants.";

export async function editKnowledgeEntry(
  caller: Caller,
  entryId: string,
  changes: z.output<typeof updateKnowledgeEntryRequestSchema>,
  { signal }: Deadline = {},
): Promise<KnowledgeEntry> {
  signal?.throwIfAborted();
  const found = await entryFor(caller, entryId);
  const userId = found.user_id;
  // Moving the entry is a change to the assistant it moves to as well (same owner: knowledge-entries.ts).
  if (changes.chatbot_id) await chatbotFor(caller, changes.chatbot_id);
  if (changes.chatbot_id === null && userId !== caller.userId) throw forbidden(ALL_ASSISTANTS_OWNER_ONLY_MESSAGE);
  const { entry, before, affected } = await updateKnowledgeEntry(userId, entryId, changes);
  await queueOrUndo(userId, affected, () => restoreKnowledgeEntry(before), signal);
  return toKnowledgeEntry(entry);
}

export async function switchKnowledgeEntry(
  caller: Caller,
  entryId: string,
  isActive: boolean,
  { signal }: Deadline = {},
): Promise<KnowledgeEntry> {
  signal?.throwIfAborted();
  const userId = (await entryFor(caller, entryId)).user_id;
  const entry = await setKnowledgeEntryActive(userId, entryId, isActive);
  await queueOrUndo(userId, [entry.chatbot_id ?? null], () => restoreKnowledgeEntry({ ...entry, is_active: !isActive }), signal);
  return toKnowledgeEntry(entry);
}

export async function removeKnowledgeEntry(
  caller: Caller,
  entryId: string,
  { signal }: Deadline = {},
): Promise<void> {
  signal?.throwIfAborted();
  const userId = (await entryFor(caller, entryId)).user_id;
  const entry = await deleteKnowledgeEntry(userId, entryId);
  await queueOrUndo(userId, [entry.chatbot_id ?? null], () => restoreKnowledgeEntry(entry), signal);
  // Only once the entry is gone for good: an undone delete keeps its file.
  if (entry.file_key) {
    await deleteKnowledgeFile(entry.file_key).catch((error) =>
      log.warn('Deleting a knowledge file failed; the entry is gone, the object stays', { key: entry.file_key, error }),
    );
  }
}

export const KNOWLEDGE_UNAVAILABLE_MESSAGE =
  'The knowledge base could not be updated right now, so nothing was changed. Please try again in a moment.';

/**
 * Hands a stored change to reindex-knowledge for the assistants it touches; when that cannot be done
 * (the function or the table unreachable, the request past its time limit), the change is undone and
 * the request fails with 503: an answer of failure never leaves the change stored, and a retry does
 * not duplicate it. A re-index that fails later leaves the change stored and the assistant answering
 * from its previous index, shown on the dashboard (knowledge-change.ts) and retried.
 */
export async function queueOrUndo(
  userId: string,
  chatbotIds: readonly (string | null)[],
  undo: () => Promise<unknown>,
  signal?: AbortSignal,
): Promise<void> {
  try {
    // The request has already been answered as failed (its time limit): the change must not stay.
    signal?.throwIfAborted();
    await queueKnowledgeChange(userId, chatbotIds);
  } catch (error) {
    log.error('Handing a knowledge change to the re-index failed; undoing the change', { userId, error });
    await undo().catch((undoError: unknown) => log.error('Undoing a knowledge change failed', { userId, error: undoError }));
    throw new HttpError(503, KNOWLEDGE_UNAVAILABLE_MESSAGE);
  }
}

async function deleteEntries(entries: readonly StoredKnowledgeEntry[]): Promise<void> {
  await Promise.all(entries.map((entry) => db().entities.knowledgeEntry.delete({ user_id: entry.user_id, entry_id: entry.entry_id }).go()));
}

/** Puts an entry back as it was before a change that is being undone. */
async function restoreKnowledgeEntry(entry: StoredKnowledgeEntry): Promise<void> {
  await db().entities.knowledgeEntry.put(entry).go();
}

export async function knowledgeEntryFileLink(caller: Caller, entryId: string) {
  const entry = await entryFor(caller, entryId);
  if (!entry.file_key) throw notFound('This knowledge entry has no file');
  return { url: await knowledgeFileUrl(entry.file_key, entry.file_name ?? 'document'), expiresInSeconds: KNOWLEDGE_FILE_URL_SECONDS };
}

/**
 * The demo page's list: an active assistant's active entries (its own and those for all assistants),
 * newest first. Every visitor downloads it, so it is bounded: the newest entries, each cut to a
 * preview (a document entry alone may hold 100,000 characters), and rate limited as the other
 * anonymous routes are.
 */
export async function publicKnowledge(chatbotId: string, clientAddress: string) {
  const [{ data: bot }] = await Promise.all([
    db().entities.chatbot.get({ chatbot_id: chatbotId }).go(),
    enforceDemoPageLimits('knowledge', chatbotId, clientAddress),
  ]);
  if (!bot || bot.is_active === false) throw notFound("This chatbot is either inactive or doesn't exist.");
  const active = (await entriesForChatbot(bot.user_id, chatbotId)).filter((e) => e.is_active !== false);
  const entries = active.slice(0, MAX_PUBLIC_KNOWLEDGE_ENTRIES);
  return {
    entries: entries.map((e) => ({
      id: e.entry_id,
      title: e.title,
      content: previewText(e.content, PUBLIC_KNOWLEDGE_PREVIEW_CHARS),
      type: e.type,
    })),
  };
}
