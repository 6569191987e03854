import type { Chatbot } from '@contracts/chatbot';
import type { KnowledgeEntry } from '@contracts/knowledge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { KnowledgeEntryForm, type KnowledgeFormValues } from '@/dashboard/knowledge/KnowledgeEntryForm';
import { useUpdateKnowledgeEntryMutation } from '@/dashboard/knowledge/knowledge-queries';
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
        <KnowledgeEntryForm
          initial={{ title: entry.title, content: entry.content, type: entry.type, chatbot_id: entry.chatbot_id }}
          chatbots={chatbots}
          submitLabel="Update Entry"
          pending={update.isPending}
          onSubmit={save}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
