import { agentTransferStatuses, type AgentTransfer, type AgentTransferStatus } from '@contracts/transfers';
import { ArrowLeftRightIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const STATUS_STYLES: Record<AgentTransferStatus, { label: string; style: string }> = {
  pending: { label: 'Pending', style: 'bg-yellow-100 text-yellow-800' },
  in_progress: { label: 'In progress', style: 'bg-blue-100 text-blue-800' },
  resolved: { label: 'Resolved', style: 'bg-green-100 text-green-800' },
  // Nobody took it within the escalation timeout: red, it still needs a person.
  unanswered: { label: 'Unanswered', style: 'bg-red-100 text-red-800' },
};

const isKnownStatus = (status: string): status is AgentTransferStatus => (agentTransferStatuses as readonly string[]).includes(status);

/** Spec 001 section 4: pending, in_progress, resolved; any other status is shown as a problem (red). */
function StatusBadge({ status }: { status: string }) {
  const known = isKnownStatus(status) ? STATUS_STYLES[status] : undefined;
  return (
    <Badge className={cn('border-transparent', known?.style ?? 'bg-red-100 text-red-800')}>
      {known?.label ?? `Problem: ${status || 'no status'}`}
    </Badge>
  );
}

/** Spec 001: the Transfer History tab, the assistant's last 20 transfers, newest first. */
export function TransferHistory({ transfers }: { transfers: readonly AgentTransfer[] }) {
  if (transfers.length === 0) {
    return (
      <Card className="items-center py-12 text-center">
        <CardHeader className="items-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ArrowLeftRightIcon className="size-7" aria-hidden="true" />
          </span>
          <CardTitle>No transfers yet</CardTitle>
          <CardDescription>When a visitor asks for a person, the transfer is listed here.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Agent transfers">
      {transfers.map((transfer) => (
        <li key={transfer.id}>
          <Card aria-label={`Transfer ${transfer.status}`}>
            <CardContent className="flex flex-col gap-2 pt-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{transfer.trigger_reason}</span>
                <div className="flex items-center gap-2">
                  <StatusBadge status={transfer.status} />
                  <time className="text-xs text-muted-foreground" dateTime={transfer.transferred_at}>
                    {new Date(transfer.transferred_at).toLocaleString()}
                  </time>
                </div>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                <span>{transfer.agent_email ? `Agent: ${transfer.agent_email}` : 'No agent yet'}</span>
                <Link className="font-medium text-primary underline-offset-4 hover:underline" to={`/conversations?conversation=${encodeURIComponent(transfer.conversation_id)}`}>
                  Open conversation
                </Link>
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
