import type { WorkflowExecution } from '@contracts/workflows';
import { HistoryIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** Spec 001 section 4: completed, or otherwise shown as a failure in red (a running one is neither yet). */
function StatusBadge({ status }: { status: WorkflowExecution['status'] }) {
  const style =
    status === 'completed'
      ? 'border-transparent bg-green-100 text-green-800'
      : status === 'running'
        ? 'border-transparent bg-blue-100 text-blue-800'
        : 'border-transparent bg-red-100 text-red-800';
  return <Badge className={cn(style)}>{status}</Badge>;
}

function triggerText(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** Spec 001: the Execution History tab, the last 20 executions of the assistant's workflows. */
export function ExecutionHistory({ executions }: { executions: readonly WorkflowExecution[] }) {
  if (executions.length === 0) {
    return (
      <Card className="items-center py-12 text-center">
        <CardHeader className="items-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <HistoryIcon className="size-7" aria-hidden="true" />
          </span>
          <CardTitle>No executions yet</CardTitle>
          <CardDescription>When a workflow runs, each run is listed here with what it did.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Workflow executions">
      {executions.map((execution) => (
        <li key={execution.id}>
          <Card aria-label={`${execution.workflow_name} ${execution.status}`}>
            <CardContent className="flex flex-col gap-2 pt-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{execution.workflow_name}</span>
                <div className="flex items-center gap-2">
                  <StatusBadge status={execution.status} />
                  <time className="text-xs text-muted-foreground" dateTime={execution.executed_at}>
                    {new Date(execution.executed_at).toLocaleString()}
                  </time>
                </div>
              </div>
              <p className="text-sm">
                Actions executed: <span className="font-medium">{execution.actions_executed}</span>
              </p>
              {execution.action_results.length > 0 && (
                <ol className="list-inside list-decimal text-sm text-muted-foreground">
                  {execution.action_results.map((result) => (
                    <li key={result.index}>{result.detail}</li>
                  ))}
                </ol>
              )}
              <p className="text-xs break-words text-muted-foreground">Trigger: {triggerText(execution.trigger_data)}</p>
              {execution.error_message && (
                <p className="text-sm text-red-700" role="note">
                  Error: {execution.error_message}
                </p>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
