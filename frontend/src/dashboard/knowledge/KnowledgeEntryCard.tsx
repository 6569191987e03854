import type { Chatbot } from '@contracts/chatbot';
import type { KnowledgeEntry } from '@contracts/knowledge';
import { CalendarIcon, ExternalLinkIcon, FileIcon, HardDriveIcon, LoaderCircleIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { formatFileSize } from '@/dashboard/knowledge/file-size';
import { assistantBadgeLabel, KNOWLEDGE_TYPE_LABELS } from '@/dashboard/knowledge/knowledge-labels';
import {
  useDeleteKnowledgeEntryMutation,
  useSetKnowledgeEntryActiveMutation,
} from '@/dashboard/knowledge/knowledge-queries';
import { openKnowledgeFile } from '@/dashboard/knowledge/open-knowledge-file';
import { errorMessage, useApi } from '@/lib/api';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function ActiveSwitch({ entry }: { entry: KnowledgeEntry }) {
  const setActive = useSetKnowledgeEntryActiveMutation();
  const checked = setActive.isPending ? setActive.variables.isActive : entry.is_active;

  const toggle = (isActive: boolean) =>
    setActive.mutate(
      { id: entry.id, isActive },
      {
        onSuccess: (saved) => {
          if (saved.is_active) notify.success('Entry Activated', { description: 'Knowledge entry is now active' });
          else notify.success('Entry Deactivated', { description: 'Knowledge entry is now inactive' });
        },
        onError: (error) => notify.error('Failed to update entry status', { description: errorMessage(error) }),
      },
    );

  return (
    <Switch
      checked={checked}
      onCheckedChange={toggle}
      disabled={setActive.isPending}
      aria-label={checked ? `Deactivate ${entry.title}` : `Activate ${entry.title}`}
    />
  );
}

function DeleteButton({ entry }: { entry: KnowledgeEntry }) {
  const remove = useDeleteKnowledgeEntryMutation();
  // Spec 000 section 4: deleting asks for no confirmation.
  const onClick = () =>
    remove.mutate(entry.id, {
      onSuccess: () => notify.success('Knowledge entry deleted successfully'),
      onError: (error) => notify.error('Failed to delete knowledge entry', { description: errorMessage(error) }),
    });
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      disabled={remove.isPending}
      aria-label={`Delete ${entry.title}`}
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
    >
      {remove.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <Trash2Icon aria-hidden="true" />}
    </Button>
  );
}

function OpenFileButton({ entry }: { entry: KnowledgeEntry }) {
  const api = useApi();
  const [opening, setOpening] = useState(false);
  const onClick = () => {
    setOpening(true);
    void openKnowledgeFile(api, entry.id).finally(() => setOpening(false));
  };
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={opening} aria-label={`Open file ${entry.file_name ?? ''}`.trim()}>
      {opening ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ExternalLinkIcon aria-hidden="true" />}
      Open file
    </Button>
  );
}

/** One knowledge entry (spec 000 section 2, "Knowledge screen"). */
export function KnowledgeEntryCard({
  entry,
  chatbots,
  editable,
  onEdit,
}: {
  entry: KnowledgeEntry;
  chatbots: readonly Chatbot[] | undefined;
  /** The caller's role on the entry's assistant lets them change it (else the card is read-only). */
  editable: boolean;
  onEdit: () => void;
}) {
  return (
    <Card role="article" aria-label={entry.title} className={cn('gap-3 py-5', !entry.is_active && 'bg-muted/40')}>
      <CardHeader className="flex flex-row items-start gap-3 px-5">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h3 className="leading-tight font-semibold break-words">{entry.title}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="secondary">{KNOWLEDGE_TYPE_LABELS[entry.type]}</Badge>
            <Badge variant="outline">{assistantBadgeLabel(entry, chatbots)}</Badge>
            <Badge
              variant="outline"
              className={
                entry.is_active ? 'border-green-200 bg-green-100 text-green-800' : 'border-border bg-muted text-muted-foreground'
              }
            >
              {entry.is_active ? 'Active' : 'Inactive'}
            </Badge>
            {entry.file_name && (
              <Badge variant="outline" className="max-w-60">
                <FileIcon aria-hidden="true" />
                <span className="truncate">{entry.file_name}</span>
              </Badge>
            )}
          </div>
        </div>
        {editable && (
          <div className="flex shrink-0 items-center gap-1">
            <ActiveSwitch entry={entry} />
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${entry.title}`}>
              <PencilIcon aria-hidden="true" />
            </Button>
            <DeleteButton entry={entry} />
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-5">
        <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">{entry.content}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <CalendarIcon className="size-3.5" aria-hidden="true" />
            <time dateTime={entry.created_at}>{dateFormat.format(new Date(entry.created_at))}</time>
          </span>
          {entry.file_size !== null && (
            <span className="flex items-center gap-1">
              <HardDriveIcon className="size-3.5" aria-hidden="true" />
              {formatFileSize(entry.file_size)}
            </span>
          )}
          {entry.has_file && (
            <span className="ml-auto">
              <OpenFileButton entry={entry} />
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
