/** The owner's own test conversations are with contacts named by this prefix (never a visitor's id). */
export const OWNER_CONTACT_PREFIX = 'owner:';

export const ownerContactId = (userId: string, session: string): string => `${OWNER_CONTACT_PREFIX}${userId}:${session}`;

/** The owner's and team's talks on the Voice AI screen are with contacts named by this prefix. */
export const VOICE_CONTACT_PREFIX = 'voice:';

/** A contact of the owner's or team's own tests (typed or spoken), never a visitor. */
export const isTestContact = (contactId: string): boolean => contactId.startsWith(OWNER_CONTACT_PREFIX) || contactId.startsWith(VOICE_CONTACT_PREFIX);
