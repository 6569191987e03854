import { agentAvailabilities, ESCALATION_TIMEOUT, TRANSFER_LIMITS, type AgentAvailability, type TransferSettings } from '@contracts/transfers';
import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { NumberField, SwitchField, TriggerListField } from '@/dashboard/controls/fields';
import {
  addEmail,
  addPhrase,
  fromTransferDraft,
  looksLikeEmail,
  sameTransferDraft,
  timeZoneChoices,
  toTransferDraft,
  WEEK_DAYS,
  type TransferDraft,
} from '@/dashboard/transfers/transfer-draft';
import { useSaveTransferSettingsMutation } from '@/dashboard/transfers/transfer-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const SAVE_ERROR = 'Failed to save transfer settings';

const AVAILABILITY_LABELS: Record<AgentAvailability, string> = {
  '24/7': '24/7',
  business_hours: 'Business hours (Monday to Friday, 09:00 to 17:00)',
  weekdays: 'Weekdays (Monday to Friday, all day)',
  custom: 'Custom hours',
};

function AvailabilityFields({ draft, update }: { draft: TransferDraft; update: <K extends keyof TransferDraft>(key: K, value: TransferDraft[K]) => void }) {
  const id = useId();
  const hours = draft.custom_hours;
  const setHours = (changes: Partial<typeof hours>) => update('custom_hours', { ...hours, ...changes });
  const toggleDay = (day: number) =>
    setHours({ days: hours.days.includes(day) ? hours.days.filter((d) => d !== day) : [...hours.days, day].sort() });
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-availability`}>Agent Availability</Label>
          <NativeSelect
            id={`${id}-availability`}
            value={draft.agent_availability}
            onChange={(event) => update('agent_availability', event.target.value as AgentAvailability)}
          >
            {agentAvailabilities.map((value) => (
              <option key={value} value={value}>
                {AVAILABILITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-zone`}>Time Zone</Label>
          <NativeSelect id={`${id}-zone`} value={draft.time_zone} onChange={(event) => update('time_zone', event.target.value)}>
            {timeZoneChoices(draft.time_zone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {draft.agent_availability === 'custom' && (
        <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">Custom Hours</legend>
          <div className="flex flex-wrap gap-3" role="group" aria-label="Days">
            {WEEK_DAYS.map((day) => (
              <label key={day.value} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" className="accent-primary" checked={hours.days.includes(day.value)} onChange={() => toggleDay(day.value)} />
                {day.label}
              </label>
            ))}
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-start`}>From</Label>
              <Input id={`${id}-start`} type="time" value={hours.start} onChange={(event) => setHours({ start: event.target.value })} className="w-32" />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-end`}>Until</Label>
              <Input id={`${id}-end`} type="time" value={hours.end} onChange={(event) => setHours({ end: event.target.value })} className="w-32" />
            </div>
          </div>
        </fieldset>
      )}
    </div>
  );
}

/** What the form refuses before asking the server (which checks the same). */
function draftProblem(draft: TransferDraft): string | undefined {
  if (!draft.fallback_message.trim()) return 'Fallback message cannot be empty.';
  if (draft.agent_availability === 'custom') {
    const { days, start, end } = draft.custom_hours;
    if (days.length === 0) return 'Choose at least one day for custom hours.';
    if (!start || !end || start >= end) return 'Custom hours must end after they start.';
  }
  return undefined;
}

/** The Settings tab of Agent Transfers for one assistant (spec 001 transfer_settings). Mount it keyed by the assistant. */
export function TransferSettingsForm({ chatbotId, settings, readOnly }: { chatbotId: string; settings: TransferSettings; readOnly: boolean }) {
  const save = useSaveTransferSettingsMutation(chatbotId);
  const [baseline, setBaseline] = useState(() => toTransferDraft(settings));
  const [draft, setDraft] = useState(baseline);
  const dirty = !sameTransferDraft(draft, baseline);
  const update = <K extends keyof TransferDraft>(key: K, value: TransferDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const handleSave = () => {
    const problem = draftProblem(draft);
    if (problem) {
      notify.error(SAVE_ERROR, { description: problem });
      return;
    }
    save.mutate(fromTransferDraft(draft), {
      onSuccess: (saved) => {
        const next = toTransferDraft(saved);
        setBaseline(next);
        setDraft(next);
        notify.success('Transfer settings saved successfully!');
      },
      onError: (error) => notify.error(SAVE_ERROR, { description: errorMessage(error) }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {!readOnly && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty && (
            <Badge variant="outline" className="mr-auto border-amber-500/50 bg-amber-500/10 text-amber-700 dark:text-amber-400">
              Unsaved changes
            </Badge>
          )}
          <Button onClick={handleSave} disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
            Save Settings
          </Button>
        </div>
      )}
      <fieldset disabled={readOnly} className="contents">
        <Card>
          <CardHeader>
            <CardTitle>Transfer Settings</CardTitle>
            <CardDescription>When the assistant hands a conversation to a person, and what the visitor is told.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <SwitchField
              label="Enable Agent Transfers"
              description="Hand the conversation to a person when a visitor uses a trigger phrase or an auto-transfer keyword."
              checked={draft.enabled}
              onChange={(value) => update('enabled', value)}
            />
            <TriggerListField
              triggers={draft.triggers}
              max={TRANSFER_LIMITS.phrases}
              maxLength={TRANSFER_LIMITS.phrase}
              onAdd={(phrase) => update('triggers', addPhrase(draft.triggers, phrase))}
              onRemove={(phrase) => update('triggers', draft.triggers.filter((item) => item !== phrase))}
              text={{
                label: 'Trigger Phrases',
                placeholder: 'e.g. i want a refund',
                hint: 'A visitor message containing one of these phrases starts a transfer. Phrases are stored in lower case',
                listLabel: 'Transfer trigger phrases',
                empty: 'No trigger phrases.',
              }}
            />
            <TriggerListField
              triggers={draft.auto_transfer_keywords}
              max={TRANSFER_LIMITS.phrases}
              maxLength={TRANSFER_LIMITS.phrase}
              onAdd={(phrase) => update('auto_transfer_keywords', addPhrase(draft.auto_transfer_keywords, phrase))}
              onRemove={(phrase) => update('auto_transfer_keywords', draft.auto_transfer_keywords.filter((item) => item !== phrase))}
              text={{
                label: 'Auto-Transfer Keywords',
                placeholder: 'e.g. refund',
                hint: 'A visitor message with one of these words starts a transfer. Keywords are stored in lower case',
                listLabel: 'Auto-transfer keywords',
                empty: 'No auto-transfer keywords.',
              }}
            />
            <div className="flex flex-col gap-2">
              <Label htmlFor="transfer-fallback-message">Fallback Message</Label>
              <Textarea
                id="transfer-fallback-message"
                rows={3}
                value={draft.fallback_message}
                maxLength={TRANSFER_LIMITS.message}
                onChange={(event) => update('fallback_message', event.target.value)}
              />
              <p className="text-xs text-muted-foreground">What the visitor is told when their conversation is handed to a person.</p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Agents</CardTitle>
            <CardDescription>Who takes transfers, and when they are there.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <AvailabilityFields draft={draft} update={update} />
            <NumberField
              label="Escalation Timeout (seconds)"
              description={`How long a transfer waits for a person: ${ESCALATION_TIMEOUT.min} to ${ESCALATION_TIMEOUT.max} seconds (${ESCALATION_TIMEOUT.fallback} if left empty or invalid).`}
              value={draft.escalation_timeout}
              min={ESCALATION_TIMEOUT.min}
              max={ESCALATION_TIMEOUT.max}
              onChange={(value) => update('escalation_timeout', value)}
            />
            <TriggerListField
              triggers={draft.agent_emails}
              max={TRANSFER_LIMITS.emails}
              maxLength={254}
              onAdd={(email) => {
                if (email.trim() && !looksLikeEmail(email.trim())) {
                  notify.error('Please enter a valid e-mail address');
                  return;
                }
                update('agent_emails', addEmail(draft.agent_emails, email));
              }}
              onRemove={(email) => update('agent_emails', draft.agent_emails.filter((item) => item !== email))}
              text={{
                label: 'Agent E-mails',
                placeholder: 'e.g. support@example.com',
                hint: 'These people are told about new transfers',
                listLabel: 'Agent e-mails',
                empty: 'No agent e-mails.',
                inputType: 'email',
              }}
            />
          </CardContent>
        </Card>
      </fieldset>
    </div>
  );
}
