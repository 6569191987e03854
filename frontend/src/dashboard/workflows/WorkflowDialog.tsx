import { MAX_WORKFLOW_ACTIONS, userActions, weekdays, workflowTriggerTypes, type Workflow } from '@contracts/workflows';
import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ActionEditor } from '@/dashboard/workflows/ActionEditor';
import { FormField, invalidProps } from '@/dashboard/workflows/FormField';
import {
  draftOf,
  emptyAction,
  emptyDraft,
  requestOf,
  validateDraft,
  type DraftErrors,
  type WorkflowDraft,
} from '@/dashboard/workflows/workflow-draft';
import { TRIGGER_LABELS, USER_ACTION_LABELS, WEEKDAY_LABELS } from '@/dashboard/workflows/workflow-labels';
import { useSaveWorkflowMutation } from '@/dashboard/workflows/workflow-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';


function TriggerFields({ draft, errors, disabled, set }: { draft: WorkflowDraft; errors: DraftErrors; disabled: boolean; set: (changes: Partial<WorkflowDraft>) => void }) {
  switch (draft.triggerType) {
    case 'keyword': {
      const error = errors['trigger_conditions.keywords'];
      return (
        <FormField id="workflow-keywords" label="Keywords (comma-separated)" error={error} hint="Matched on whole words: 'quote' does not match 'quoted'.">
          <Input
            id="workflow-keywords"
            placeholder="quote, price list, booking"
            value={draft.keywords}
            disabled={disabled}
            onChange={(e) => set({ keywords: e.target.value })}
            {...invalidProps('workflow-keywords', error)}
          />
        </FormField>
      );
    }
    case 'intent':
      return (
        <>
          <FormField id="workflow-intent" label="Intent" error={errors['trigger_conditions.intent']}>
            <Input
              id="workflow-intent"
              placeholder="Wants a quote"
              value={draft.intent}
              disabled={disabled}
              onChange={(e) => set({ intent: e.target.value })}
              {...invalidProps('workflow-intent', errors['trigger_conditions.intent'])}
            />
          </FormField>
          <FormField
            id="workflow-examples"
            label="Example phrases (comma-separated)"
            error={errors['trigger_conditions.examples']}
            hint="Messages that mean the same thing start the workflow, even in other words."
          >
            <Textarea
              id="workflow-examples"
              rows={2}
              placeholder="how much would it cost, can I get a price"
              value={draft.examples}
              disabled={disabled}
              onChange={(e) => set({ examples: e.target.value })}
              {...invalidProps('workflow-examples', errors['trigger_conditions.examples'])}
            />
          </FormField>
        </>
      );
    case 'user_action':
      return (
        <FormField id="workflow-user-action" label="When">
          <NativeSelect
            id="workflow-user-action"
            value={draft.userAction}
            disabled={disabled}
            onChange={(e) => set({ userAction: e.target.value as WorkflowDraft['userAction'] })}
          >
            {userActions.map((action) => (
              <option key={action} value={action}>
                {USER_ACTION_LABELS[action]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      );
    case 'time_based': {
      const scheduleError = (field: string) => errors[`trigger_conditions.schedule.${field}`];
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="workflow-repeat" label="Repeat">
            <NativeSelect
              id="workflow-repeat"
              value={draft.repeat}
              disabled={disabled}
              onChange={(e) => set({ repeat: e.target.value as WorkflowDraft['repeat'] })}
            >
              <option value="once">Once</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </NativeSelect>
          </FormField>
          {draft.repeat === 'once' && (
            <FormField id="workflow-date" label="Date" error={scheduleError('date')}>
              <Input id="workflow-date" type="date" value={draft.date} disabled={disabled} onChange={(e) => set({ date: e.target.value })} {...invalidProps('workflow-date', scheduleError('date'))} />
            </FormField>
          )}
          <FormField id="workflow-time" label="Time" error={scheduleError('time')}>
            <Input id="workflow-time" type="time" value={draft.time} disabled={disabled} onChange={(e) => set({ time: e.target.value })} {...invalidProps('workflow-time', scheduleError('time'))} />
          </FormField>
          <FormField id="workflow-timezone" label="Time zone" error={scheduleError('timezone')}>
            <Input
              id="workflow-timezone"
              value={draft.timezone}
              disabled={disabled}
              onChange={(e) => set({ timezone: e.target.value })}
              {...invalidProps('workflow-timezone', scheduleError('timezone'))}
            />
          </FormField>
          {draft.repeat === 'weekly' && (
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <span className="text-sm font-medium">Days</span>
              <div className="flex flex-wrap gap-3">
                {weekdays.map((day) => (
                  <label key={day} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={draft.days.includes(day)}
                      disabled={disabled}
                      onChange={(e) => set({ days: e.target.checked ? [...draft.days, day] : draft.days.filter((d) => d !== day) })}
                    />
                    {WEEKDAY_LABELS[day]}
                  </label>
                ))}
              </div>
              {scheduleError('days') && (
                <p className="text-sm text-destructive" role="alert">
                  {scheduleError('days')}
                </p>
              )}
            </div>
          )}
        </div>
      );
    }
  }
}

interface WorkflowDialogProps {
  chatbotId: string;
  /** The workflow to edit; none creates one. */
  workflow: Workflow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 001: the Create Workflow dialog, also used to edit. Checked with the server's own contract before saving. */
export function WorkflowDialog({ chatbotId, workflow, open, onOpenChange }: WorkflowDialogProps) {
  const [draft, setDraft] = useState<WorkflowDraft>(() => (workflow ? draftOf(workflow) : emptyDraft()));
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveWorkflowMutation(chatbotId);
  const busy = save.isPending;
  const set = (changes: Partial<WorkflowDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setActions = (actions: WorkflowDraft['actions']) => set({ actions });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { body: requestOf(draft), id: workflow?.id },
      {
        onSuccess: () => {
          notify.success(workflow ? 'Workflow updated successfully!' : 'Workflow created successfully!');
          onOpenChange(false);
        },
        onError: (error) => notify.error('Failed to save workflow', { description: errorMessage(error) }),
      },
    );
  };

  const formError = errors.form ?? errors.actions;

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{workflow ? 'Edit Workflow' : 'Create Workflow'}</DialogTitle>
          <DialogDescription>Choose what starts the workflow, then what it does, in order.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={workflow ? 'Edit Workflow' : 'Create Workflow'}>
          <FormField id="workflow-name" label="Name" error={errors.name}>
            <Input id="workflow-name" value={draft.name} disabled={busy} onChange={(e) => set({ name: e.target.value })} {...invalidProps('workflow-name', errors.name)} />
          </FormField>
          <FormField id="workflow-description" label="Description" error={errors.description}>
            <Textarea id="workflow-description" rows={2} value={draft.description} disabled={busy} onChange={(e) => set({ description: e.target.value })} />
          </FormField>
          <FormField id="workflow-trigger" label="Trigger">
            <NativeSelect
              id="workflow-trigger"
              value={draft.triggerType}
              disabled={busy}
              onChange={(e) => set({ triggerType: e.target.value as WorkflowDraft['triggerType'] })}
            >
              {workflowTriggerTypes.map((type) => (
                <option key={type} value={type}>
                  {TRIGGER_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <TriggerFields draft={draft} errors={errors} disabled={busy} set={set} />

          <div className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold">Actions</h3>
            {draft.actions.map((action, index) => (
              <ActionEditor
                key={index}
                index={index}
                count={draft.actions.length}
                action={action}
                errors={errors}
                disabled={busy}
                onChange={(next) => setActions(draft.actions.map((a, i) => (i === index ? next : a)))}
                onRemove={() => setActions(draft.actions.filter((_, i) => i !== index))}
                onMove={(offset) => {
                  const moved = [...draft.actions];
                  [moved[index], moved[index + offset]] = [moved[index + offset]!, moved[index]!];
                  setActions(moved);
                }}
              />
            ))}
            <Button
              type="button"
              variant="outline"
              className="self-start"
              disabled={busy || draft.actions.length >= MAX_WORKFLOW_ACTIONS}
              onClick={() => setActions([...draft.actions, emptyAction()])}
            >
              <PlusIcon aria-hidden="true" />
              Add Action
            </Button>
          </div>

          <label className="flex items-center gap-2 text-sm" htmlFor="workflow-active">
            <Switch id="workflow-active" checked={draft.isActive} disabled={busy} onCheckedChange={(isActive) => set({ isActive })} />
            Active
          </label>
          {formError && (
            <p className="text-sm text-destructive" role="alert">
              {formError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {workflow ? 'Update Workflow' : 'Create Workflow'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
