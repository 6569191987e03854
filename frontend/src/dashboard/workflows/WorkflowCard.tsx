import type { Workflow, WorkflowActionType } from '@contracts/workflows';
import { FlaskConicalIcon, LoaderCircleIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { ACTION_LABELS, TRIGGER_LABELS, triggerSummary } from '@/dashboard/workflows/workflow-labels';
import { useSetWorkflowActiveMutation } from '@/dashboard/workflows/workflow-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

interface WorkflowCardProps {
  workflow: Workflow;
  /** Without them (a role that only reads, issue 12) the card shows the workflow but changes nothing. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Runs it now with sample data; without it there is no Run test button. */
  onRunTest?: () => void;
  testing?: boolean;
}

/** A workflow in the list: trigger, actions, counts, the active switch, Edit, Delete and Run test. */
export function WorkflowCard({ workflow, onEdit, onDelete, onRunTest, testing }: WorkflowCardProps) {
  const setActive = useSetWorkflowActiveMutation(workflow.chatbot_id);
  const toggle = (isActive: boolean) =>
    setActive.mutate(
      { id: workflow.id, isActive },
      {
        onSuccess: () => notify.success(isActive ? 'Workflow activated' : 'Workflow deactivated'),
        onError: (error) => notify.error('Failed to update workflow', { description: errorMessage(error) }),
      },
    );
  const switchId = `workflow-active-${workflow.id}`;

  return (
    <Card aria-label={workflow.name}>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2">
            {workflow.name}
            <Badge variant="secondary">{TRIGGER_LABELS[workflow.trigger_type]}</Badge>
          </CardTitle>
          {workflow.description && <CardDescription>{workflow.description}</CardDescription>}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={switchId} className="text-sm text-muted-foreground">
            {workflow.is_active ? 'Active' : 'Inactive'}
          </label>
          <Switch
            id={switchId}
            aria-label={`${workflow.name} active`}
            checked={workflow.is_active}
            disabled={setActive.isPending || !onEdit}
            onCheckedChange={toggle}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm">{triggerSummary(workflow.trigger_type, workflow.trigger_conditions)}</p>
        <ol className="flex flex-wrap gap-1.5" aria-label="Actions">
          {workflow.actions.map((action, index) => (
            <li key={index}>
              <Badge variant="outline">
                {index + 1}. {ACTION_LABELS[action.type as WorkflowActionType] ?? String(action.type)}
              </Badge>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            {workflow.execution_count} {workflow.execution_count === 1 ? 'execution' : 'executions'}
            {workflow.last_executed_at && ` · last ${new Date(workflow.last_executed_at).toLocaleString()}`}
          </p>
          <div className="flex gap-2">
            {onRunTest && (
              <Button variant="outline" size="sm" onClick={onRunTest} disabled={testing} aria-busy={testing}>
                {testing ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <FlaskConicalIcon aria-hidden="true" />}
                Run test
              </Button>
            )}
            {onEdit && (
              <Button variant="outline" size="sm" onClick={onEdit}>
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            )}
            {onDelete && (
              <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${workflow.name}`}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
