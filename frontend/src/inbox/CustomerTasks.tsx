import type { ContactTask } from '@contracts/tasks';
import type { InboxConversation } from '@contracts/inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, ClipboardListIcon } from 'lucide-react';
import { useUserId } from '@/auth/auth-context';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { Button } from '@/components/ui/button';
import { inboxKeys } from '@/inbox/inbox-keys';
import { errorMessage, useApi } from '@/lib/api';
import { cn } from '@/lib/cn';
import { closeContactTask, listContactTasks } from '@/lib/contact-tasks-api';
import { notify } from '@/lib/notify';

const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function TaskRow({ task, onClose, closing }: { task: ContactTask; onClose?: () => void; closing: boolean }) {
  const open = task.status === 'open';
  const overdue = open && Date.parse(task.due_at) < Date.now();
  return (
    <li className="flex items-start gap-2 py-1.5" aria-label={`Task: ${task.title}`}>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className={cn('break-words', !open && 'text-muted-foreground line-through')}>{task.title}</span>
        <span className={cn('text-xs text-muted-foreground', overdue && 'font-medium text-destructive')}>
          {open ? `${overdue ? 'Overdue: was due' : 'Due'} ${dueFormat.format(new Date(task.due_at))}` : 'Closed'}
        </span>
      </div>
      {open && onClose && (
        <Button type="button" size="sm" variant="outline" disabled={closing} onClick={onClose} aria-label={`Close task ${task.title}`}>
          <CheckIcon aria-hidden="true" />
          Close
        </Button>
      )}
    </li>
  );
}

/**
 * The tasks workflows made for this customer (create_task), in the Customer Information panel: open
 * ones soonest due first, overdue ones in red; an editor of the assistant closes them.
 */
export function CustomerTasks({ conversation }: { conversation: InboxConversation }) {
  const api = useApi();
  const userId = useUserId();
  const client = useQueryClient();
  const key = inboxKeys.tasks(userId, conversation.id);
  const tasks = useQuery({ queryKey: key, queryFn: ({ signal }) => listContactTasks(api, conversation.id, signal), enabled: userId !== '' });
  const chatbot = useChatbotsByNameQuery().data?.find((bot) => bot.id === conversation.chatbot_id);
  const close = useMutation({
    mutationFn: (taskId: string) => closeContactTask(api, conversation.id, taskId),
    onSuccess: () => {
      notify.success('Task closed');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify.error('Failed to close task', { description: errorMessage(error) }),
  });

  if (!tasks.data?.length) return null;
  const mayClose = can(chatbot, 'edit');
  return (
    <div className="mt-3 border-t pt-2">
      <h4 className="flex items-center gap-1.5 font-medium">
        <ClipboardListIcon className="size-4" aria-hidden="true" />
        Tasks
      </h4>
      <ul aria-label="Tasks" className="divide-y">
        {tasks.data.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            closing={close.isPending && close.variables === task.id}
            onClose={mayClose ? () => close.mutate(task.id) : undefined}
          />
        ))}
      </ul>
    </div>
  );
}
