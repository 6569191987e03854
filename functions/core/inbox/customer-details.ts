import { MAX_CUSTOMER_FIELD_CHARS } from '../../contracts/inbox.js';
import { db } from '../data/db.js';
import { searchTextOf } from './search-text.js';

export interface CustomerDetails {
  customer_name?: string;
  customer_phone?: string;
  customer_email?: string;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i;
// A run of digits with the usual separators; 7 to 15 digits (E.164's ceiling) makes it a phone number.
const PHONE = /(?:\+|\b)\d[\d\s().-]{5,22}\d\b/g;
const NAME = /\b(?:[Mm]y name is|[Mm]y name's|[Tt]his is|[Cc]all me|[Ii]t's|[Ii] am|[Ii]'m)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/u;
// 'I am Sorry', 'This is Urgent': capitalised words that follow those phrases without being a name.
const NOT_NAMES = new Set(['sorry', 'here', 'looking', 'interested', 'not', 'urgent', 'just', 'still', 'trying', 'the', 'a', 'an', 'in', 'on', 'at']);

function phoneIn(text: string): string | undefined {
  for (const match of text.matchAll(PHONE)) {
    const digits = match[0].replace(/\D/g, '').length;
    // A date (2026-11-23) or a price is not a phone number; those have fewer digits or a year's shape.
    if (digits >= 7 && digits <= 15 && !/^\d{4}-\d{2}-\d{2}$/.test(match[0].trim())) return match[0].trim();
  }
  return undefined;
}

/** What a visitor's message says about them: a phone number, an e-mail address, their name. */
export function customerDetailsIn(text: string): CustomerDetails {
  const details: CustomerDetails = {};
  const email = EMAIL.exec(text)?.[0];
  if (email) details.customer_email = email;
  // Digits inside the e-mail address are not a phone number.
  const phone = phoneIn(email ? text.replace(email, ' ') : text);
  if (phone) details.customer_phone = phone;
  const name = NAME.exec(text)?.[1];
  if (name && !NOT_NAMES.has(name.split(/\s+/)[0]!.toLowerCase())) details.customer_name = name;
  return details;
}

/** The first question as the reason for enquiry, cut to what the field holds. */
export const reasonFromMessage = (message: string): string => {
  const text = message.replace(/\s+/g, ' ').trim();
  return text.length > MAX_CUSTOMER_FIELD_CHARS ? `${text.slice(0, MAX_CUSTOMER_FIELD_CHARS - 1)}…` : text;
};

/**
 * Fills the customer's details the visitor just gave, where the conversation has none yet: what the
 * owner typed, or the visitor said first, stays. True when the message gave a detail the conversation
 * did not have (a workflow's 'contact details given' trigger).
 */
export async function recordCustomerDetails(conversationId: string, message: string): Promise<boolean> {
  const found = customerDetailsIn(message);
  if (!Object.keys(found).length) return false;
  const { data: conversation } = await db().entities.conversation.get({ conversation_id: conversationId }).go();
  if (!conversation) return false;
  const missing = Object.fromEntries(
    Object.entries(found).filter(([field]) => !conversation[field as keyof CustomerDetails]),
  ) as CustomerDetails;
  if (!Object.keys(missing).length) return false;
  await db()
    .entities.conversation.patch({ conversation_id: conversationId })
    .set({ ...missing, search_text: searchTextOf({ ...conversation, ...missing }) })
    .go();
  return true;
}
