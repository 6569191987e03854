import type { InboxConversation } from '@contracts/inbox';
import { MessageSquareIcon, SearchIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/Spinner';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ChannelBadge } from '@/inbox/ChannelBadge';
import { ContactTagList } from '@/inbox/ContactTags';
import { avatarInitial, conversationName } from '@/inbox/conversation-name';
import { relativeTime } from '@/inbox/relative-time';
import { cn } from '@/lib/cn';

function ConversationItem({ conversation, selected, onSelect }: { conversation: InboxConversation; selected: boolean; onSelect: () => void }) {
  const name = conversationName(conversation);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        aria-label={`Conversation with ${name}`}
        className={cn(
          'flex w-full items-start gap-3 border-b px-3 py-3 text-left transition-colors hover:bg-muted/60',
          selected && 'bg-primary/5 hover:bg-primary/10',
        )}
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary" aria-hidden="true">
          {avatarInitial(name)}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-2">
            <span className="truncate font-medium">{name}</span>
            <ChannelBadge channel={conversation.channel} />
          </span>
          <span className="truncate text-xs text-muted-foreground">{conversation.business_name}</span>
          {conversation.customer_phone && <span className="truncate text-xs text-muted-foreground">{conversation.customer_phone}</span>}
          {conversation.reason_for_enquiry && (
            <span className="truncate text-xs text-muted-foreground">Enquiry: {conversation.reason_for_enquiry}</span>
          )}
          <ContactTagList tags={conversation.tags} inline />
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <time className="text-[11px] whitespace-nowrap text-muted-foreground" dateTime={conversation.last_message_at}>
            {relativeTime(conversation.last_message_at)}
          </time>
          {conversation.unread_count > 0 && (
            <span
              data-testid="unread-count"
              title={`${conversation.unread_count} unread`}
              className="min-w-5 rounded-full bg-primary px-1.5 text-center text-[11px] font-semibold text-primary-foreground"
            >
              {conversation.unread_count}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/**
 * The left pane: search box and the conversation list, 600 px tall (spec 001), which loads the next
 * page when its end scrolls into view.
 */
export function ConversationList({
  conversations,
  tag,
  search,
  onSearch,
  selectedId,
  onSelect,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  conversations: InboxConversation[];
  /** The tag the list is narrowed to ('' for none). */
  tag?: string;
  search: string;
  onSearch: (value: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore, conversations.length]);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search conversations..."
          aria-label="Search conversations"
          className="pl-9"
        />
      </div>
      <div className="h-[600px] overflow-y-auto rounded-md border" aria-busy={loading}>
        {loading ? (
          <div className="flex flex-col gap-3 p-3" role="status" aria-label="Loading conversations">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : conversations.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
            <MessageSquareIcon className="size-10 text-muted-foreground/60" aria-hidden="true" />
            {search.trim() ? (
              <p className="font-medium">No conversations match “{search.trim()}”</p>
            ) : tag ? (
              <p className="font-medium">No conversations tagged “{tag}”</p>
            ) : (
              <>
                <p className="font-medium">No conversations yet</p>
                <p className="text-sm text-muted-foreground">Conversations will appear here when customers start chatting</p>
              </>
            )}
          </div>
        ) : (
          <ul aria-label="Conversations">
            {conversations.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                selected={conversation.id === selectedId}
                onSelect={() => onSelect(conversation.id)}
              />
            ))}
            {hasMore && (
              <li ref={end} className="flex justify-center p-3">
                {loadingMore && <Spinner label="Loading more conversations" />}
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
