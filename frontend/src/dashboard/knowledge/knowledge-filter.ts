import type { KnowledgeEntry, KnowledgeType } from '@contracts/knowledge';

/** The assistant filter: every entry, the unassigned ones (for all assistants), or one assistant's. */
export type AssistantFilter = 'all' | 'unassigned' | { chatbotId: string };
export type TypeFilter = 'all' | KnowledgeType;

export interface KnowledgeFilters {
  search: string;
  type: TypeFilter;
  assistant: AssistantFilter;
}

export const NO_FILTERS: KnowledgeFilters = { search: '', type: 'all', assistant: 'all' };

function matchesAssistant(entry: KnowledgeEntry, filter: AssistantFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'unassigned') return entry.chatbot_id === null;
  return entry.chatbot_id === filter.chatbotId;
}

/**
 * The entries the Knowledge screen shows, in the order given: the search matches title, content or file
 * name, ignoring case and surrounding spaces; every word of the search must appear.
 */
export function filterKnowledgeEntries(entries: readonly KnowledgeEntry[], filters: KnowledgeFilters): KnowledgeEntry[] {
  const words = filters.search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (filters.type !== 'all' && entry.type !== filters.type) return false;
    if (!matchesAssistant(entry, filters.assistant)) return false;
    if (words.length === 0) return true;
    const haystack = `${entry.title}\n${entry.content}\n${entry.file_name ?? ''}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** True when any filter narrows the list (the empty state then says nothing matched). */
export function isFiltered(filters: KnowledgeFilters): boolean {
  return filters.search.trim() !== '' || filters.type !== 'all' || filters.assistant !== 'all';
}
