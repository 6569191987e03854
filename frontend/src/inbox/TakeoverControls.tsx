import type { ConversationStatus, InboxConversation } from '@contracts/inbox';
import { BotIcon, CheckCircle2Icon, HandIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConversationStatus } from '@/inbox/inbox-queries';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

const STATUS: Record<ConversationStatus, { label: string; style: string }> = {
  active: { label: 'Assistant answering', style: 'bg-slate-100 text-slate-800' },
  in_progress: { label: 'You are answering', style: 'bg-blue-100 text-blue-800' },
  resolved: { label: 'Resolved', style: 'bg-green-100 text-green-800' },
};

const DONE: Record<ConversationStatus, string> = {
  in_progress: 'Conversation taken over: the assistant stops answering',
  active: 'Conversation handed back to the assistant',
  resolved: 'Conversation resolved',
};

/** Who answers the conversation now (spec 001 status). */
export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge className={cn('border-transparent', STATUS[status].style)}>{STATUS[status].label}</Badge>;
}

/**
 * Human takeover: take the conversation over (the assistant stops answering; replying does the same),
 * hand it back to the assistant, or resolve it. Shown to those who may reply.
 */
export function TakeoverControls({ conversation }: { conversation: InboxConversation }) {
  const change = useConversationStatus(conversation.id);
  const set = (status: ConversationStatus) =>
    change.mutate(status, {
      onSuccess: () => notify.success(DONE[status]),
      onError: (error) => notify.error('Failed to update conversation', { description: errorMessage(error) }),
    });
  const answering = conversation.status === 'in_progress';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {answering ? (
        <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => set('active')}>
          <BotIcon aria-hidden="true" />
          Hand back
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => set('in_progress')}>
          <HandIcon aria-hidden="true" />
          Take over
        </Button>
      )}
      {conversation.status !== 'resolved' && (
        <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => set('resolved')}>
          <CheckCircle2Icon aria-hidden="true" />
          Resolve
        </Button>
      )}
    </div>
  );
}
