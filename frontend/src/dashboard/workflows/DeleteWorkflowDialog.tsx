import type { Workflow } from '@contracts/workflows';
import { LoaderCircleIcon } from 'lucide-react';
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
import { useDeleteWorkflowMutation } from '@/dashboard/workflows/workflow-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** Spec 001: the delete confirmation of a workflow. */
export function DeleteWorkflowDialog({ workflow, onClose }: { workflow: Workflow | null; onClose: () => void }) {
  const remove = useDeleteWorkflowMutation(workflow?.chatbot_id ?? '');
  const confirm = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        notify.success('Workflow deleted successfully');
        onClose();
      },
      onError: (error) => {
        notify.error('Failed to delete workflow', { description: errorMessage(error) });
        onClose();
      },
    });

  return (
    <AlertDialog open={workflow !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {workflow?.name}?</AlertDialogTitle>
          <AlertDialogDescription>Delete this workflow? This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (workflow) confirm(workflow.id);
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
