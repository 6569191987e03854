import { LruCache } from '../runtime/lru-cache.js';

/** A rename at Meta shows in new conversations within this. */
const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 2_000;

const kept = new LruCache<string, { name: string; until: number }>(MAX_KEPT);

/**
 * A Messenger or Instagram customer's name, asked of Meta's User Profile API by `lookUp`: the call
 * comes before the message can go into the engine (a new conversation is stored with the name), so
 * the names Meta gave are kept by the warm function and a customer's following messages start at once.
 * A name Meta did not give (or a failed call) is asked for again next time.
 */
export async function keptCustomerName(
  accountId: string,
  senderId: string,
  lookUp: () => Promise<string | undefined>,
  now = Date.now(),
): Promise<string | undefined> {
  // Page- and account-scoped ids (PSID, IGSID): the same id under another account is another person.
  const key = `${accountId}:${senderId}`;
  const known = kept.get(key);
  if (known && known.until > now) return known.name;
  const name = await lookUp();
  if (name) kept.set(key, { name, until: now + KEEP_MS });
  else kept.delete(key);
  return name;
}
