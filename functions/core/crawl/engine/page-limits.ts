import { db } from '../../data/db.js';

/** Pages an assistant learns at most, by the owner's plan (issue 27): free 100, subscribers 2,000. */
export const DEFAULT_PAGE_LIMITS = { free: 100, subscribed: 2_000 } as const;

function configured(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The limits as deployed: CRAWL_MAX_PAGES_FREE and CRAWL_MAX_PAGES_SUBSCRIBED override the defaults. */
export function pageLimits(): { free: number; subscribed: number } {
  return {
    free: configured('CRAWL_MAX_PAGES_FREE', DEFAULT_PAGE_LIMITS.free),
    subscribed: configured('CRAWL_MAX_PAGES_SUBSCRIBED', DEFAULT_PAGE_LIMITS.subscribed),
  };
}

/** The page limit of an owner's plan now: a subscription whose paid period has ended counts as free. */
export async function pageLimitOf(userId: string, now = new Date()): Promise<number> {
  const { data } = await db().entities.subscription.get({ user_id: userId }).go({ attributes: ['subscribed', 'subscription_end'] });
  const ended = data?.subscription_end !== undefined && Date.parse(data.subscription_end) <= now.getTime();
  const limits = pageLimits();
  return data?.subscribed && !ended ? limits.subscribed : limits.free;
}
