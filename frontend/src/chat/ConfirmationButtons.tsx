import { Button } from '@/components/ui/button';

/** What the visitor is shown to have said when answering with a button (also the message sent). */
export const CONFIRMATION_REPLY_TEXT = { yes: 'Yes', no: 'No' } as const;

/**
 * Yes / No under a reply that asks the visitor to confirm a handoff (Conversation Controls'
 * requireConfirmation), for the owner's test chats; the embed and demo widgets draw their own.
 */
export function ConfirmationButtons({
  question,
  disabled,
  onYes,
  onNo,
}: {
  /** The question, naming the group for screen readers. */
  question: string;
  disabled?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div role="group" aria-label={question} className="flex gap-2">
      <Button type="button" size="sm" className="h-7 px-4 text-xs" onClick={onYes} disabled={disabled}>
        {CONFIRMATION_REPLY_TEXT.yes}
      </Button>
      <Button type="button" variant="outline" size="sm" className="h-7 px-4 text-xs" onClick={onNo} disabled={disabled}>
        {CONFIRMATION_REPLY_TEXT.no}
      </Button>
    </div>
  );
}
