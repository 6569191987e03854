/** The owner's own test conversations are with contacts named by this prefix (never a visitor's id). */
export const OWNER_CONTACT_PREFIX = 'owner:';

export const ownerContactId = (userId: string, session: string): string => `${OWNER_CONTACT_PREFIX}${userId}:${session}`;
