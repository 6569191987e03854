import type { TrainingRecord } from '@contracts/training';
import { CheckCircle2Icon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { MessageText } from '@/chat/MessageText';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';
import { ScoreBadge } from './ScoreBadge';
import { CORRECTION_BELOW, needingCorrection } from './training-analytics';
import { useCorrectRecordMutation } from './training-queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CorrectionItem({ chatbotId, record }: { chatbotId: string; record: TrainingRecord }) {
  const [draft, setDraft] = useState(record.corrected_response ?? '');
  const correct = useCorrectRecordMutation(chatbotId);
  const fieldId = `better-${record.id}`;
  const text = draft.trim();

  const save = () => {
    // Spec 000 section 5: only non-empty text is saved.
    if (!text) return;
    correct.mutate(
      { recordId: record.id, corrected_response: text, source: 'corrections' },
      {
        onSuccess: () => notify.success('Correction saved! This will improve future responses.'),
        onError: (error) => notify.error('Failed to save correction', { description: error.message }),
      },
    );
  };

  return (
    <Card className="gap-4" data-testid="correction-item">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-base break-words">{record.user_message}</CardTitle>
          <CardDescription>{dateFormat.format(new Date(record.created_at))}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {record.corrected_response && (
            <Badge variant="outline" className="border-green-200 bg-green-100 text-green-800">
              <CheckCircle2Icon aria-hidden="true" />
              Corrected
            </Badge>
          )}
          <ScoreBadge score={record.score} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">AI response</span>
          <p className="rounded-md bg-muted/50 px-3 py-2 text-sm break-words whitespace-pre-wrap">
            <MessageText text={record.ai_response} />
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId}>Better response</Label>
          <Textarea
            id={fieldId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Write the response the assistant should have given..."
            className="min-h-24"
            disabled={correct.isPending}
          />
        </div>
        <div className="flex justify-end">
          <Button type="button" onClick={save} disabled={!text || correct.isPending || text === record.corrected_response}>
            <SaveIcon aria-hidden="true" />
            {correct.isPending ? 'Saving...' : 'Save Correction'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The Corrections tab: every item scored below 80, each with a field for a better response. */
export function CorrectionsTab({ chatbotId, records }: { chatbotId: string; records: readonly TrainingRecord[] }) {
  const items = needingCorrection(records);
  if (items.length === 0) {
    return (
      <Card className="items-center py-12 text-center">
        <CardHeader className="items-center">
          <CheckCircle2Icon className="mx-auto size-8 text-green-600" aria-hidden="true" />
          <CardTitle>No responses need correction</CardTitle>
          <CardDescription>Replies you score below {CORRECTION_BELOW} in the Interactive tab appear here.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {items.length} {items.length === 1 ? 'response' : 'responses'} scored below {CORRECTION_BELOW}. Write what the
        assistant should have said: it answers with your correction from now on.
      </p>
      {items.map((record) => (
        <CorrectionItem key={record.id} chatbotId={chatbotId} record={record} />
      ))}
    </div>
  );
}
