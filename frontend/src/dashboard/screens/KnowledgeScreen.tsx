import type { KnowledgeEntry } from '@contracts/knowledge';
import { BookOpenIcon, PlusIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useUserId } from '@/auth/auth-context';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AddKnowledgeDialog } from '@/dashboard/knowledge/AddKnowledgeDialog';
import { EditKnowledgeDialog } from '@/dashboard/knowledge/EditKnowledgeDialog';
import { KnowledgeEntryCard } from '@/dashboard/knowledge/KnowledgeEntryCard';
import { filterKnowledgeEntries, isFiltered, NO_FILTERS, type KnowledgeFilters } from '@/dashboard/knowledge/knowledge-filter';
import { KnowledgeFiltersBar } from '@/dashboard/knowledge/KnowledgeFiltersBar';
import { useKnowledgeEntriesQuery } from '@/dashboard/knowledge/knowledge-queries';
import { WebsitePagesCard } from '@/dashboard/knowledge/WebsitePagesCard';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const LOAD_ERROR = 'Failed to fetch knowledge base data';

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading knowledge entries">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-36 rounded-xl" />
      ))}
    </div>
  );
}

/** With no entries at all it invites the first one; with entries hidden by the filters it offers to clear them. */
function EmptyState({
  hasEntries,
  filtered,
  onAdd,
  onClear,
}: {
  hasEntries: boolean;
  filtered: boolean;
  /** None: the caller's role adds nothing here (a member of the teams they see assistants of). */
  onAdd?: () => void;
  onClear: () => void;
}) {
  const Icon = hasEntries ? SearchXIcon : BookOpenIcon;
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">No Knowledge Entries Found</CardTitle>
        <CardDescription>
          {hasEntries
            ? 'No entry matches your search and filters.'
            : 'Add facts, documents or your website’s FAQs, and your assistants answer from them.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-2">
        {filtered && (
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        )}
        {!hasEntries && onAdd && (
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            Add Your First Entry
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function entryCount(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'entry' : 'entries');
  return shown === total ? `${total} ${noun(total)}` : `${shown} of ${total} ${noun(total)}`;
}

/** /dashboard/knowledge (spec 000 section 2, "Knowledge screen"). */
export default function KnowledgeScreen() {
  const entries = useKnowledgeEntriesQuery();
  const chatbots = useChatbotsByNameQuery();
  const [filters, setFilters] = useState<KnowledgeFilters>(NO_FILTERS);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<KnowledgeEntry | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const shown = useMemo(() => filterKnowledgeEntries(entries.data ?? [], filters), [entries.data, filters]);
  const assistants = chatbots.data ?? [];
  const userId = useUserId();
  // Issue 12: where the caller's role only reads (a team member), the screen is read-only.
  const editable = assistants.filter((chatbot) => can(chatbot, 'edit'));
  const mayAdd = chatbots.isSuccess && (assistants.length === 0 || editable.length > 0);
  const mayChange = (entry: KnowledgeEntry) =>
    entry.user_id === userId || can(assistants.find((chatbot) => chatbot.id === entry.chatbot_id), 'edit');

  useEffect(() => {
    if (entries.isError) notify.error(LOAD_ERROR, { description: errorMessage(entries.error) });
  }, [entries.isError, entries.error]);

  let body;
  if (entries.isPending) body = <ListSkeleton />;
  else if (entries.isError) {
    body = (
      <Card role="alert" className="max-w-xl border-destructive/40">
        <CardHeader>
          <CardTitle>{LOAD_ERROR}</CardTitle>
          <CardDescription>{errorMessage(entries.error, 'Please try again.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void entries.refetch()} disabled={entries.isFetching}>
            <RefreshCwIcon className={entries.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        hasEntries={entries.data.length > 0}
        filtered={isFiltered(filters)}
        onAdd={mayAdd ? () => setAdding(true) : undefined}
        onClear={() => setFilters(NO_FILTERS)}
      />
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3" aria-label="Knowledge entries">
        {shown.map((entry) => (
          <li key={entry.id}>
            <KnowledgeEntryCard
              entry={entry}
              chatbots={chatbots.data}
              editable={mayChange(entry)}
              onEdit={() => {
                setEditing(entry);
                setEditOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Knowledge Base</h2>
          <p className="text-sm text-muted-foreground">
            What your assistants know beyond your website: facts, documents and FAQs. Changes apply to the next answer.
          </p>
        </div>
        {mayAdd && (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add Knowledge
          </Button>
        )}
      </div>

      {assistants.length > 0 && <WebsitePagesCard chatbots={assistants} />}

      <KnowledgeFiltersBar filters={filters} chatbots={assistants} onChange={setFilters} />
      {entries.data && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {entryCount(shown.length, entries.data.length)}
        </p>
      )}
      {body}

      <AddKnowledgeDialog chatbots={editable} open={adding} onOpenChange={setAdding} />
      {editing && (
        // Keyed by version too: editing the same entry again after a save starts from the saved text.
        <EditKnowledgeDialog
          key={`${editing.id}@${editing.updated_at}`}
          entry={editing}
          chatbots={editable.filter((chatbot) => chatbot.user_id === editing.user_id)}
          open={editOpen}
          onOpenChange={setEditOpen}
        />
      )}
    </div>
  );
}
