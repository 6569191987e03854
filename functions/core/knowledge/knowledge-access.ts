import { chatbotFor, type Caller } from '../access/authorize.js';
import { assistantsSharedWith } from '../access/shared-assistants.js';
import { db } from '../data/db.js';
import { HttpError, badRequest, forbidden, notFound } from '../http/http-error.js';
import { listKnowledgeEntries, type StoredKnowledgeEntry } from './knowledge-entries.js';

/**
 * Knowledge belongs to the account of the assistant it is for: an editor's entry for a shared
 * assistant goes into its owner's knowledge (and counts against the owner's limits). Entries for all
 * assistants belong to their owner alone. The caller's right on each assistant is decided by the one
 * rule (core/access/authorize.ts).
 */

/** The owner whose knowledge receives entries for these assistants (none named: the caller's own). */
export async function knowledgeOwnerFor(caller: Caller, chatbotIds: readonly (string | null | undefined)[]): Promise<string> {
  const named = [...new Set(chatbotIds.filter((id): id is string => Boolean(id)))];
  const grants = await Promise.all(named.map((id) => chatbotFor(caller, id)));
  const owners = new Set(grants.map((g) => g.chatbot.user_id));
  if (named.length < chatbotIds.length) owners.add(caller.userId);
  if (owners.size > 1) throw badRequest('Entries added together must all be for assistants of one owner');
  return [...owners][0] ?? caller.userId;
}

export const OWNERS_ALL_ASSISTANTS_ENTRY_MESSAGE =
  "This entry applies to all of its owner's assistants, so only their owner can change it.";

/**
 * The entry with this id the caller may act on (their route's action): one of their own, or one of
 * an assistant shared with a team of theirs; anything else is the same 404 as an unknown id. An
 * owner's entry for all their assistants is read by the members who share one of those assistants
 * (it answers there too) but changed by its owner only, since it also answers on assistants the
 * member does not share.
 */
export async function entryFor(caller: Caller, entryId: string): Promise<StoredKnowledgeEntry> {
  const own = await db().entities.knowledgeEntry.get({ user_id: caller.userId, entry_id: entryId }).go();
  if (own.data) return own.data;
  const owners = [...new Set((await assistantsSharedWith(caller.userId)).map((s) => s.owner_id))];
  const found = (await Promise.all(owners.map((user_id) => db().entities.knowledgeEntry.get({ user_id, entry_id: entryId }).go())))
    .map((r) => r.data)
    .find((e) => e !== null);
  if (!found) throw notFound('Knowledge entry not found');
  if (!found.chatbot_id) {
    if (caller.action === 'read') return found;
    throw forbidden(OWNERS_ALL_ASSISTANTS_ENTRY_MESSAGE);
  }
  try {
    await chatbotFor(caller, found.chatbot_id);
  } catch (error) {
    // Its assistant hidden from the caller hides the entry too.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound('Knowledge entry not found');
    throw error;
  }
  return found;
}

/**
 * The knowledge list (spec 000 Knowledge, issues 12 and 30): the caller's own entries, and what the
 * assistants shared with a team of theirs answer from: the entries for those assistants and their
 * owners' entries for all assistants (not the entries of the owners' assistants they do not share),
 * newest first.
 */
export async function visibleKnowledgeEntries(userId: string): Promise<StoredKnowledgeEntry[]> {
  const [own, shared] = await Promise.all([listKnowledgeEntries(userId), assistantsSharedWith(userId)]);
  if (!shared.length) return own;
  const sharedIds = new Set(shared.map((s) => s.chatbot_id));
  const owners = [...new Set(shared.map((s) => s.owner_id))];
  const theirs = (await Promise.all(owners.map(listKnowledgeEntries))).flat().filter((e) => !e.chatbot_id || sharedIds.has(e.chatbot_id));
  return [...own, ...theirs].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.entry_id.localeCompare(a.entry_id));
}
