import type { Chatbot } from '@contracts/chatbot';
import type { KnowledgeEntry } from '@contracts/knowledge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { KnowledgeEntryForm, type KnowledgeFormValues } from '@/dashboard/knowledge/KnowledgeEntryForm';
import { useUpdateKnowledgeEntryMutation, useWholeKnowledgeEntry } from '@/dashboard/knowledge/knowledge-queries';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** Edits an entry with the Manual Entry form. Mount it keyed by the entry. */
export function EditKnowledgeDialog({
  entry,
  chatbots,
  open,
  onOpenChange,
}: {
  entry: KnowledgeEntry;
  chatbots: readonly Chatbot[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateKnowledgeEntryMutation();
  // Lists carry previews of long contents: edit the whole text, never the preview.
  const whole = useWholeKnowledgeEntry(entry);

  const save = (values: KnowledgeFormValues) =>
    update.mutate(
      { id: entry.id, changes: values },
      {
        onSuccess: () => {
          notify.success('Knowledge entry updated successfully');
          onOpenChange(false);
        },
        onError: (error) => notify.error('Failed to save knowledge entry', { description: errorMessage(error) }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Knowledge Entry</DialogTitle>
          <DialogDescription>Your assistants answer from the new text as soon as it is saved.</DialogDescription>
        </DialogHeader>
        {whole.entry ? (
          <KnowledgeEntryForm
            initial={{ title: whole.entry.title, content: whole.entry.content, type: whole.entry.type, chatbot_id: whole.entry.chatbot_id }}
            chatbots={chatbots}
            submitLabel="Update Entry"
            pending={update.isPending}
            onSubmit={save}
            onCancel={() => onOpenChange(false)}
          />
        ) : whole.error ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to fetch knowledge base data: {errorMessage(whole.error)}
          </p>
        ) : (
          <Spinner label="Loading the entry…" />
        )}
      </DialogContent>
    </Dialog>
  );
}
