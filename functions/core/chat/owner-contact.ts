/** The owner's own test conversations are with contacts named by this prefix (never a visitor's id). */
export const OWNER_CONTACT_PREFIX = 'owner:';

export const ownerContactId = (userId: string, session: string): string => `${OWNER_CONTACT_PREFIX}${userId}:${session}`;

/** The owner's and team's talks on the Voice AI screen are with contacts named by this prefix. */
export const VOICE_CONTACT_PREFIX = 'voice:';

/** The prefixes of the owner's and team's own test contacts: kept out of the inbox and the analytics. */
export const TEST_CONTACT_PREFIXES = [OWNER_CONTACT_PREFIX, VOICE_CONTACT_PREFIX] as const;

/** A contact of the owner's or team's own tests (typed or spoken), never a visitor. */
export const isTestContact = (contactId: string): boolean => TEST_CONTACT_PREFIXES.some((prefix) => contactId.startsWith(prefix));

/** The DynamoDB filter (ElectroDB's `begins`) that leaves test contacts out of a query. */
export const notTestContact = (notBegins: (prefix: string) => string): string =>
  TEST_CONTACT_PREFIXES.map((prefix) => `NOT ${notBegins(prefix)}`).join(' AND ');
