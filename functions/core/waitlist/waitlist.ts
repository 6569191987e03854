import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { z } from 'zod';
import type {
  JoinWaitlistResponse,
  ListWaitlistResponse,
  WaitlistEntry,
  WaitlistStats,
  joinWaitlistRequestSchema,
} from '../../contracts/waitlist.js';
import { enforceLimit } from '../chat/rate-limit.js';
import { db } from '../data/db.js';
import type { waitlistEntryEntity } from '../data/entities.js';
import { HttpError, badRequest } from '../http/http-error.js';
import { sourceAddressKey } from '../http/source-address.js';

type StoredEntry = EntityItem<ReturnType<typeof waitlistEntryEntity>>;
type Signup = z.output<typeof joinWaitlistRequestSchema>;

/** Sign-ups per minute from one network: enough for a family at one address, not for a script. */
export const WAITLIST_SIGNUPS_PER_SOURCE_PER_MINUTE = 10;
const MAX_ATTEMPTS = 3;

function toEntry(stored: StoredEntry): WaitlistEntry {
  return {
    id: stored.entry_id,
    email: stored.email,
    name: stored.name,
    phone: stored.phone ?? null,
    instagram_handle: stored.instagram_handle ?? null,
    agree_to_promotions: stored.agree_to_promotions ?? false,
    agree_to_launch_access: stored.agree_to_launch_access ?? true,
    created_at: stored.created_at,
  };
}

/** What one entry adds to the stat cards. */
const countsOf = (entry: Pick<StoredEntry, 'phone' | 'agree_to_promotions'> | undefined) => ({
  total: entry ? 1 : 0,
  with_phone: entry?.phone ? 1 : 0,
  marketing_opt_in: entry?.agree_to_promotions ? 1 : 0,
});

/**
 * Public sign-up (spec 001 /waitlist). The same e-mail address again updates its one entry: the new
 * name and opt-in, and a phone or Instagram handle only where one is given (an earlier one is kept).
 * The entry and the admin's counts change in one transaction, written only over the entry as it was
 * read, so concurrent sign-ups of one address count once.
 */
export async function joinWaitlist(signup: Signup, sourceIp: string, now = new Date()): Promise<JoinWaitlistResponse> {
  await enforceLimit(
    `waitlist:src:${sourceAddressKey(sourceIp)}`,
    WAITLIST_SIGNUPS_PER_SOURCE_PER_MINUTE,
    'Too many sign-ups from your network right now.',
    now.getTime(),
  );
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { data: existing } = await db().entities.waitlistEntry.get({ email: signup.email }).go();
    const at = now.toISOString();
    const next = {
      name: signup.name,
      phone: signup.phone ?? existing?.phone,
      instagram_handle: signup.instagram_handle ?? existing?.instagram_handle,
      agree_to_promotions: signup.agree_to_promotions,
    };
    const before = countsOf(existing ?? undefined);
    const after = countsOf(next);
    const delta = {
      total: after.total - before.total,
      with_phone: after.with_phone - before.with_phone,
      marketing_opt_in: after.marketing_opt_in - before.marketing_opt_in,
    };
    const entryId = existing?.entry_id ?? randomUUID();
    // ElectroDB reports a cancelled transaction (another sign-up of this address won) in its result.
    const { canceled } = await db()
      .transaction.write(({ waitlistEntry, waitlistStats }) => [
        existing
          ? waitlistEntry
              .patch({ email: signup.email })
              .set({ ...next, revision: (existing.revision ?? 0) + 1, updated_at: at })
              .where((attr, op) => op.eq(attr.revision, existing.revision ?? 0))
              .commit()
          : waitlistEntry
              .create({ email: signup.email, entry_id: entryId, ...next, agree_to_launch_access: true, revision: 0, created_at: at, updated_at: at })
              .commit(),
        waitlistStats.update({}).add(delta).commit(),
      ])
      .go();
    if (!canceled) {
      const entry = toEntry({
        email: signup.email,
        entry_id: entryId,
        ...next,
        agree_to_launch_access: true,
        revision: 0,
        created_at: existing?.created_at ?? at,
        updated_at: at,
      });
      return { entry, created: !existing };
    }
  }
  throw new HttpError(409, 'This e-mail address was being signed up at the same moment. Please try again.');
}

async function readStats(): Promise<WaitlistStats> {
  const { data } = await db().entities.waitlistStats.get({}).go();
  return { total: data?.total ?? 0, with_phone: data?.with_phone ?? 0, marketing_opt_in: data?.marketing_opt_in ?? 0 };
}

/** The admin's list (spec 001 /admin/waitlist): newest first, `limit` at a time, with the counts of all entries. */
export async function listWaitlist(cursor: string | undefined, limit: number): Promise<ListWaitlistResponse> {
  let page: { data: StoredEntry[]; cursor: string | null };
  try {
    page = await db().entities.waitlistEntry.query.byJoined({}).go({ order: 'desc', limit, cursor: cursor ?? null });
  } catch (error) {
    if (cursor && /cursor/i.test(String((error as Error)?.message))) throw badRequest('Invalid request: cursor is not one this list gave out');
    throw error;
  }
  // DynamoDB hands out a cursor whenever a page is full, also after the last entry: look ahead once, so
  // the last page says it is the last.
  let next = page.cursor ?? null;
  if (next && page.data.length === limit) {
    const ahead = await db().entities.waitlistEntry.query.byJoined({}).go({ order: 'desc', limit: 1, cursor: next });
    if (ahead.data.length === 0) next = null;
  }
  return { entries: page.data.map(toEntry), stats: await readStats(), next_cursor: next };
}
