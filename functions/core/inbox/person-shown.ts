import type { PersonShown } from '../../contracts/takeover.js';
import { db } from '../data/db.js';

/**
 * A name from an e-mail address, for a person who has not set theirs: its first word, capitalised
 * ("maria.lopez@harbor.cafe" -> "Maria"); "Someone" when it has no letters.
 */
export function nameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[^\p{L}]+/u).find((part) => part.length > 0);
  return word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : 'Someone';
}

/**
 * How a person of the business is shown to visitors: the name they set in Settings, else one from their
 * e-mail, and the picture they set there, if any (visitors see their initials otherwise).
 */
export async function personShown(userId: string, email: string): Promise<PersonShown> {
  const { data } = await db().entities.userProfile.get({ user_id: userId }).go({ attributes: ['display_name', 'email', 'avatar_url'] });
  const name = data?.display_name?.trim();
  // Set only through core/accounts/profile-avatar.ts: always a picture of our own site.
  const avatar = data?.avatar_url;
  return { name: name || nameFromEmail(email || data?.email || ''), ...(avatar && { avatar }) };
}
