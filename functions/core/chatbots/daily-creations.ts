import type { Subscription } from '../../contracts/account.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';

const DAY_SECONDS = 86_400;

/**
 * Assistants an owner may create per UTC day, whatever they delete meanwhile: deleting frees the slot,
 * but each creation reads a website, so a free account cannot crawl site after site.
 */
export const DAILY_CREATIONS = { free: 3, subscribed: 20 } as const;

export const dailyCreationCap = (subscription: Pick<Subscription, 'subscribed'>): number =>
  subscription.subscribed ? DAILY_CREATIONS.subscribed : DAILY_CREATIONS.free;

/** The day's counter of an owner's creations (a rate counter that expires with the next day). */
export function creationCounter(userId: string, now = new Date()) {
  const windowStart = Math.floor(now.getTime() / 1000 / DAY_SECONDS) * DAY_SECONDS;
  return {
    key: { counter_key: `create:${userId}`, window_start: windowStart },
    ttl: windowStart + 2 * DAY_SECONDS,
    secondsLeft: Math.max(1, windowStart + DAY_SECONDS - Math.floor(now.getTime() / 1000)),
  };
}

/** Creations counted today so far. */
export async function creationsToday(userId: string, now = new Date()): Promise<number> {
  const { data } = await db().entities.rateCounter.get(creationCounter(userId, now).key).go();
  return data?.count ?? 0;
}

/** 429 (with Retry-After: the seconds until the next UTC day) once today's creations reached the cap. */
export function refuseOverDailyCap(userId: string, subscription: Pick<Subscription, 'subscribed'>, created: number, now = new Date()): void {
  const cap = dailyCreationCap(subscription);
  if (created < cap) return;
  const { secondsLeft } = creationCounter(userId, now);
  throw new HttpError(429, `You can create ${cap} assistants a day. Please try again tomorrow (the count starts over at 00:00 UTC).`, {
    'retry-after': String(secondsLeft),
  });
}
