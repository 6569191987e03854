import type { Chatbot } from '@contracts/chatbot';
import { knowledgeTypes } from '@contracts/knowledge';
import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { AssistantFilter, KnowledgeFilters, TypeFilter } from '@/dashboard/knowledge/knowledge-filter';
import { assistantName, KNOWLEDGE_TYPE_LABELS } from '@/dashboard/knowledge/knowledge-labels';

const assistantValue = (filter: AssistantFilter): string => (typeof filter === 'string' ? filter : `id:${filter.chatbotId}`);
const assistantFilterOf = (value: string): AssistantFilter =>
  value === 'all' || value === 'unassigned' ? value : { chatbotId: value.slice('id:'.length) };

/** Search box, type filter and assistant filter (All, Unassigned, or one assistant). */
export function KnowledgeFiltersBar({
  filters,
  chatbots,
  onChange,
}: {
  filters: KnowledgeFilters;
  chatbots: readonly Chatbot[];
  onChange: (filters: KnowledgeFilters) => void;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-[1fr_12rem_14rem]">
      <div className="flex flex-col gap-2">
        <Label htmlFor="knowledge-search">Search knowledge</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="knowledge-search"
            type="search"
            value={filters.search}
            placeholder="Search titles and content…"
            className="pl-8"
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="knowledge-type-filter">Filter by type</Label>
        <NativeSelect
          id="knowledge-type-filter"
          value={filters.type}
          onChange={(event) => onChange({ ...filters, type: event.target.value as TypeFilter })}
        >
          <option value="all">All types</option>
          {knowledgeTypes.map((type) => (
            <option key={type} value={type}>
              {KNOWLEDGE_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="knowledge-assistant-filter">Filter by assistant</Label>
        <NativeSelect
          id="knowledge-assistant-filter"
          value={assistantValue(filters.assistant)}
          onChange={(event) => onChange({ ...filters, assistant: assistantFilterOf(event.target.value) })}
        >
          <option value="all">All</option>
          <option value="unassigned">Unassigned</option>
          {chatbots.map((chatbot) => (
            <option key={chatbot.id} value={`id:${chatbot.id}`}>
              {assistantName(chatbot)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
