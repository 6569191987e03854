import { EXAMPLE_PHONE, messagePlaceholders, workflowActionTypes, type WorkflowActionType } from '@contracts/workflows';
import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField, invalidProps } from '@/dashboard/workflows/FormField';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { actionError, emptyAction, type ActionDraft, type DraftErrors } from '@/dashboard/workflows/workflow-draft';
import { ACTION_LABELS } from '@/dashboard/workflows/workflow-labels';

const PLACEHOLDER_HINT = `Placeholders: ${messagePlaceholders.map((p) => `{{${p}}}`).join(', ')}`;


interface ActionEditorProps {
  index: number;
  count: number;
  action: ActionDraft;
  errors: DraftErrors;
  disabled: boolean;
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
  onMove: (offset: -1 | 1) => void;
}

/** One action of the Create Workflow dialog: its type, then the fields that type needs. */
export function ActionEditor({ index, count, action, errors, disabled, onChange, onRemove, onMove }: ActionEditorProps) {
  const id = (field: string) => `action-${index}-${field}`;
  const set = (changes: Partial<ActionDraft>) => onChange({ ...action, ...changes });
  const error = (field: string) => actionError(errors, index, field);
  const invalid = (field: string) => invalidProps(id(field), error(field));

  const message = (label: string, rows = 3) => (
    <FormField id={id('message')} label={label} error={error('message')} hint={PLACEHOLDER_HINT}>
      <Textarea
        id={id('message')}
        rows={rows}
        value={action.message}
        disabled={disabled}
        onChange={(event) => set({ message: event.target.value })}
        {...invalid('message')}
      />
    </FormField>
  );

  let fields: ReactNode;
  switch (action.type) {
    case 'send_message':
      fields = message('Message');
      break;
    case 'send_email':
      fields = (
        <>
          <FormField id={id('to')} label="To (e-mail address)" error={error('to')}>
            <Input id={id('to')} type="email" value={action.to} disabled={disabled} onChange={(e) => set({ to: e.target.value })} {...invalid('to')} />
          </FormField>
          <FormField id={id('subject')} label="Subject" error={error('subject')}>
            <Input id={id('subject')} value={action.subject} disabled={disabled} onChange={(e) => set({ subject: e.target.value })} {...invalid('subject')} />
          </FormField>
          {message('E-mail text', 4)}
        </>
      );
      break;
    case 'send_sms':
      fields = (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={id('from_phone')} label="Sender phone" error={error('from_phone')}>
              <Input
                id={id('from_phone')}
                inputMode="tel"
                placeholder={EXAMPLE_PHONE}
                value={action.fromPhone}
                disabled={disabled}
                onChange={(e) => set({ fromPhone: e.target.value })}
                {...invalid('from_phone')}
              />
            </FormField>
            <FormField id={id('to_phone')} label="Recipient phone" error={error('to_phone')}>
              <Input id={id('to_phone')} value={action.toPhone} disabled={disabled} onChange={(e) => set({ toPhone: e.target.value })} {...invalid('to_phone')} />
            </FormField>
          </div>
          {message('SMS text', 2)}
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={id('schedule')} label="Send">
              <NativeSelect
                id={id('schedule')}
                value={action.smsSchedule}
                disabled={disabled}
                onChange={(e) => set({ smsSchedule: e.target.value as ActionDraft['smsSchedule'] })}
              >
                <option value="immediate">Immediately</option>
                <option value="delay">After a delay</option>
                <option value="specific_time">At a specific time</option>
              </NativeSelect>
            </FormField>
            {action.smsSchedule === 'delay' && (
              <FormField id={id('delay_minutes')} label="Delay (minutes)" error={error('delay_minutes')}>
                <Input
                  id={id('delay_minutes')}
                  inputMode="numeric"
                  value={action.delayMinutes}
                  disabled={disabled}
                  onChange={(e) => set({ delayMinutes: e.target.value })}
                  {...invalid('delay_minutes')}
                />
              </FormField>
            )}
            {action.smsSchedule === 'specific_time' && (
              <FormField id={id('specific_time')} label="Send at" error={error('specific_time')}>
                <Input
                  id={id('specific_time')}
                  type="datetime-local"
                  value={action.specificTime}
                  disabled={disabled}
                  onChange={(e) => set({ specificTime: e.target.value })}
                  {...invalid('specific_time')}
                />
              </FormField>
            )}
          </div>
        </>
      );
      break;
    case 'tag_contact':
      fields = (
        <FormField id={id('tags')} label="Tags (comma-separated)" error={error('tags')}>
          <Input id={id('tags')} value={action.tags} disabled={disabled} onChange={(e) => set({ tags: e.target.value })} {...invalid('tags')} />
        </FormField>
      );
      break;
    case 'create_task':
      fields = (
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <FormField id={id('title')} label="Task" error={error('title')} hint={PLACEHOLDER_HINT}>
            <Input id={id('title')} value={action.title} disabled={disabled} onChange={(e) => set({ title: e.target.value })} {...invalid('title')} />
          </FormField>
          <FormField id={id('due_in_hours')} label="Due in (hours)" error={error('due_in_hours')}>
            <Input
              id={id('due_in_hours')}
              inputMode="numeric"
              value={action.dueInHours}
              disabled={disabled}
              onChange={(e) => set({ dueInHours: e.target.value })}
              {...invalid('due_in_hours')}
            />
          </FormField>
        </div>
      );
      break;
    case 'webhook':
      fields = (
        <FormField
          id={id('url')}
          label="Webhook URL (https)"
          error={error('url')}
          hint="Receives a JSON POST signed with this workflow's secret (header X-Assistly-Signature)."
        >
          <Input id={id('url')} type="url" value={action.url} disabled={disabled} onChange={(e) => set({ url: e.target.value })} {...invalid('url')} />
        </FormField>
      );
      break;
    case 'wait':
      fields = (
        <FormField id={id('delay')} label="Delay (seconds)" error={error('delay')}>
          <Input
            id={id('delay')}
            inputMode="numeric"
            value={action.delay}
            disabled={disabled}
            onChange={(e) => set({ delay: e.target.value })}
            {...invalid('delay')}
          />
        </FormField>
      );
      break;
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3" aria-label={`Action ${index + 1}`}>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <FormField id={id('type')} label={`Action ${index + 1} type`}>
            <NativeSelect
              id={id('type')}
              value={action.type}
              disabled={disabled}
              onChange={(e) => onChange({ ...emptyAction(e.target.value as WorkflowActionType), message: action.message })}
            >
              {workflowActionTypes.map((type) => (
                <option key={type} value={type}>
                  {ACTION_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <Button type="button" variant="ghost" size="icon" aria-label={`Move action ${index + 1} up`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Move action ${index + 1} down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Remove action ${index + 1}`} disabled={disabled || count === 1} onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      {fields}
    </fieldset>
  );
}
