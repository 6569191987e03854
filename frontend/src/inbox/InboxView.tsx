import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TagFilter } from '@/inbox/ContactTags';
import { ConversationList } from '@/inbox/ConversationList';
import { ConversationPane } from '@/inbox/ConversationPane';
import { useConversationListQuery, useConversationQuery } from '@/inbox/inbox-queries';
import { useInboxLiveUpdates } from '@/inbox/use-inbox-live';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** The two inboxes say their failures in their own words (spec 001 section 8). */
export interface InboxErrorTexts {
  list: string;
  messages: string;
  send: string;
}

/** Two panes: the conversations (all the owner's, or one assistant's) and the selected one. */
export function InboxView({ chatbotId, errors, title }: { chatbotId?: string; errors: InboxErrorTexts; title: string }) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [tag, setTag] = useState('');
  // A link into the inbox (Transfer History's) names the conversation to open: ?conversation={id}.
  const [params] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(() => params.get('conversation'));
  const list = useConversationListQuery(chatbotId, query, tag || undefined);
  const detail = useConversationQuery(selectedId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useInboxLiveUpdates();

  useEffect(() => {
    if (list.error) notify.error(errors.list, { description: errorMessage(list.error) });
  }, [list.error, errors.list]);
  useEffect(() => {
    if (detail.error) notify.error(errors.messages, { description: errorMessage(detail.error) });
  }, [detail.error, errors.messages]);
  // Another assistant's inbox starts with nothing selected.
  const shownChatbot = useRef(chatbotId);
  useEffect(() => {
    if (shownChatbot.current === chatbotId) return;
    shownChatbot.current = chatbotId;
    setSelectedId(null);
    setTag('');
  }, [chatbotId]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(280px,380px)_1fr]">
      <section className="flex flex-col gap-3" aria-label={title}>
        <h2 className="text-lg font-semibold">{title}</h2>
        <TagFilter chatbotId={chatbotId} value={tag} onChange={setTag} />
        <ConversationList
          tag={tag}
          conversations={conversations}
          search={search}
          onSearch={setSearch}
          selectedId={selectedId}
          onSelect={setSelectedId}
          loading={list.isPending}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
        />
      </section>
      <section className="min-h-[600px] rounded-md border" aria-label="Selected conversation">
        <ConversationPane selectedId={selectedId} detail={detail} sendError={errors.send} />
      </section>
    </div>
  );
}
