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
    ...phones.map((p) => p.replace(/\D/g, '')),
    conversation.reason_for_enquiry,
  ]
    .filter((part): part is string => !!part)
    .map(normalizeSearch)
    .join('\n');
}
