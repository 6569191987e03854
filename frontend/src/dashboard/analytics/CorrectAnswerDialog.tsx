import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, useApi } from '@/lib/api';
import { saveCorrection } from '@/lib/chat-api';
import { notify } from '@/lib/notify';

/** A better answer to a question whose answer visitors rated down: saved as a correction the assistant answers with. */
export function CorrectAnswerDialog({
  chatbotId,
  question,
  answer,
  onClose,
}: {
  chatbotId: string;
  question: string;
  answer: string;
  onClose: () => void;
}) {
  const api = useApi();
  const [corrected, setCorrected] = useState('');
  const save = useMutation({
    mutationFn: () =>
      saveCorrection(api, chatbotId, { original_message: question, original_response: answer, corrected_response: corrected.trim(), context_used: 'Analytics' }),
    onSuccess: () => {
      notify.success('Correction saved', { description: 'The assistant answers this question with it from now on.' });
      onClose();
    },
    onError: (error) => notify.error('Failed to save correction', { description: errorMessage(error) }),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Correct Answer</DialogTitle>
          <DialogDescription>Visitors asked “{question}” and rated the answer down.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label>Current answer</Label>
          <p className="max-h-32 overflow-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap">{answer}</p>
        </div>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (corrected.trim()) save.mutate();
          }}
        >
          <Label htmlFor="corrected-answer">Better answer</Label>
          <Textarea id="corrected-answer" rows={5} value={corrected} onChange={(event) => setCorrected(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!corrected.trim() || save.isPending}>
              Save Correction
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
