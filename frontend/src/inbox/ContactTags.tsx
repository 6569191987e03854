import { TagIcon } from 'lucide-react';
import { NativeSelect } from '@/components/ui/native-select';
import { useConversationTagsQuery } from '@/inbox/inbox-queries';

const chip = 'inline-flex items-center gap-1 rounded-md border border-emerald-200 bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-800';

/**
 * A contact's tags (given by tag_contact workflow actions), as small chips: a list, or `inline` spans
 * inside a conversation's button in the inbox list (a button holds no list).
 */
export function ContactTagList({ tags, inline = false }: { tags: readonly string[]; inline?: boolean }) {
  if (!tags.length) return null;
  const [Outer, Item] = inline ? (['span', 'span'] as const) : (['ul', 'li'] as const);
  return (
    <Outer className="flex flex-wrap gap-1" aria-label={inline ? undefined : 'Tags'} title={inline ? `Tags: ${tags.join(', ')}` : undefined}>
      {tags.map((tag) => (
        <Item key={tag} className={chip}>
          <TagIcon className="size-3" aria-hidden="true" />
          {tag}
        </Item>
      ))}
    </Outer>
  );
}

/**
 * Narrows the inbox list to the contacts with one tag. Offered only once some contact has a tag; a
 * chosen tag stays offered while the list loads.
 */
export function TagFilter({ chatbotId, value, onChange }: { chatbotId?: string; value: string; onChange: (tag: string) => void }) {
  const { data: tags = [] } = useConversationTagsQuery(chatbotId);
  const offered = value && !tags.includes(value) ? [value, ...tags] : tags;
  if (!offered.length) return null;
  return (
    <NativeSelect value={value} onChange={(event) => onChange(event.target.value)} aria-label="Filter by tag">
      <option value="">All tags</option>
      {offered.map((tag) => (
        <option key={tag} value={tag}>
          {tag}
        </option>
      ))}
    </NativeSelect>
  );
}
