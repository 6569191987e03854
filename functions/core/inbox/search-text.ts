/** The conversation fields the inbox search matches (spec 001: besides the assistant's business name). */
export interface SearchableConversation {
  customer_name?: string | null;
  contact_name?: string | null;
  contact_id: string;
  customer_phone?: string | null;
  contact_phone?: string | null;
  reason_for_enquiry?: string | null;
}

/** How a search and the text it looks in are compared: lower case, runs of spaces as one. */
export const normalizeSearch = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** A phone number as it is stored for searching beside the text typed: its digits alone. */
const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** Digits with what people type between them in a phone number: '+44 7700 900777', '(503) 555-0134'. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;
/** Fewer digits than this are not recognisably part of a phone number (a year, a count). */
const MIN_PHONE_DIGITS = 4;

/**
 * What a conversation's search text must contain for a search to match, any one of them (none for a
 * blank search): the normalized search and, when it looks like a phone number, its digits alone, which
 * match the digits searchTextOf stores however either side wrote the number.
 */
export function searchAlternatives(query: string): string[] {
  const search = normalizeSearch(query);
  if (!search) return [];
  if (!PHONE_LIKE.test(search)) return [search];
  const digits = phoneDigits(search);
  return digits.length >= MIN_PHONE_DIGITS && digits !== search ? [search, digits] : [search];
}

/**
 * The stored, lower-cased text a search looks in. Phone numbers are kept also as their digits alone,
 * so '020 7946 0018' finds '+44 (0)20-7946-0018' as typed by the visitor and the other way round.
 */
export function searchTextOf(conversation: SearchableConversation): string {
  const phones = [conversation.customer_phone, conversation.contact_phone].filter((p): p is string => !!p);
  return [
    conversation.customer_name,
    conversation.contact_name,
    conversation.contact_id,
    ...phones,
    ...phones.map(phoneDigits),
    conversation.reason_for_enquiry,
  ]
    .filter((part): part is string => !!part)
    .map(normalizeSearch)
    .join('\n');
}
