import type { InboxConversation } from '@contracts/inbox';

/** Spec 001: customer name, else contact name, else contact id. */
export const conversationName = (c: Pick<InboxConversation, 'customer_name' | 'contact_name' | 'contact_id'>): string =>
  c.customer_name || c.contact_name || c.contact_id;

export const avatarInitial = (name: string): string => (name.trim()[0] ?? '?').toUpperCase();
