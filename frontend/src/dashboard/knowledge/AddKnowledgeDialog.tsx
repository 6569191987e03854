import type { Chatbot } from '@contracts/chatbot';
import { FileTextIcon, GlobeIcon, PencilLineIcon } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DocumentUploadForm } from '@/dashboard/knowledge/DocumentUploadForm';
import { EMPTY_KNOWLEDGE_FORM, KnowledgeEntryForm, type KnowledgeFormValues } from '@/dashboard/knowledge/KnowledgeEntryForm';
import { useCreateKnowledgeEntryMutation } from '@/dashboard/knowledge/knowledge-queries';
import { WebsiteFaqsForm } from '@/dashboard/knowledge/WebsiteFaqsForm';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** The 'Add Knowledge' dialog (spec 000 section 2): Manual Entry, Upload Document and Website FAQs. */
export function AddKnowledgeDialog({
  chatbots,
  open,
  onOpenChange,
  initial = EMPTY_KNOWLEDGE_FORM,
}: {
  chatbots: readonly Chatbot[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A pre-filled manual entry (Analytics' suggestions open it with the visitors' question). */
  initial?: KnowledgeFormValues;
}) {
  const create = useCreateKnowledgeEntryMutation();
  // An upload or a generation in flight keeps the dialog (and the tab) open until it ends.
  const [busy, setBusy] = useState(false);
  const locked = busy || create.isPending;
  const close = () => onOpenChange(false);

  const save = (values: KnowledgeFormValues) =>
    create.mutate(values, {
      onSuccess: () => {
        notify.success('Knowledge entry created successfully');
        close();
      },
      onError: (error) => notify.error('Failed to save knowledge entry', { description: errorMessage(error) }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !locked && onOpenChange(next)}>
      <DialogContent
        className="sm:max-w-2xl"
        onInteractOutside={(event) => locked && event.preventDefault()}
        onEscapeKeyDown={(event) => locked && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Add Knowledge</DialogTitle>
          <DialogDescription>Teach your assistants something new: write it, upload a document or read a website.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="manual" className="gap-4">
          <TabsList className="w-full">
            <TabsTrigger value="manual" disabled={locked}>
              <PencilLineIcon className="size-4" aria-hidden="true" />
              Manual Entry
            </TabsTrigger>
            <TabsTrigger value="upload" disabled={locked}>
              <FileTextIcon className="size-4" aria-hidden="true" />
              Upload Document
            </TabsTrigger>
            <TabsTrigger value="faqs" disabled={locked}>
              <GlobeIcon className="size-4" aria-hidden="true" />
              Website FAQs
            </TabsTrigger>
          </TabsList>
          <TabsContent value="manual">
            <KnowledgeEntryForm
              initial={initial}
              chatbots={chatbots}
              submitLabel="Add Entry"
              pending={create.isPending}
              onSubmit={save}
              onCancel={close}
            />
          </TabsContent>
          <TabsContent value="upload">
            <DocumentUploadForm chatbots={chatbots} onBusyChange={setBusy} onDone={close} />
          </TabsContent>
          <TabsContent value="faqs">
            <WebsiteFaqsForm chatbots={chatbots} onBusyChange={setBusy} onDone={close} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
