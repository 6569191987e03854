import type { Chatbot } from '@contracts/chatbot';
import { LoaderCircleIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { useAuth } from '@/auth/auth-context';
import { useDeleteChatbotMutation } from '@/chatbots/mutations';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { notify } from '@/lib/notify';

interface DeleteAssistantDialogProps {
  chatbot: Chatbot;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on close (the dialog has no Radix trigger of its own). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The delete confirmation: an alert dialog, so a click outside does not dismiss it (spec 000 section 4,
 * "Assistant"). Loaded on demand by DeleteAssistantButton.
 */
export default function DeleteAssistantDialog({ chatbot, open, onOpenChange, returnFocusTo }: DeleteAssistantDialogProps) {
  const { refreshSubscription } = useAuth();
  const remove = useDeleteChatbotMutation();
  const business = chatbot.business_name;

  const confirm = () => {
    remove.mutate(chatbot.id, {
      onSuccess: () => {
        onOpenChange(false);
        notify.success('AI Assistant Deleted', { description: `${business} has been permanently deleted` });
        void refreshSubscription();
      },
      onError: (error) => {
        onOpenChange(false);
        notify.error('Failed to delete AI assistant', { description: error.message });
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {business}?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes the AI assistant, what it learned from your website and its settings. The
            embed code stops working. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers.
              event.preventDefault();
              confirm();
            }}
          >
            {remove.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
