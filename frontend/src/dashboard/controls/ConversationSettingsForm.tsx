import { DEFAULT_CONVERSATION_SETTINGS, type Chatbot } from '@contracts/chatbot';
import { LoaderCircleIcon, RotateCcwIcon, SaveIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { useUpdateConversationSettingsMutation } from '@/dashboard/controls/settings-mutation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { NumberField, RangeField, SwitchField, TriggerListField } from '@/dashboard/controls/fields';
import { addTrigger, fromDraft, LIMITS, sameDraft, toDraft, type SettingsDraft } from '@/dashboard/controls/settings-draft';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const SAVE_ERROR = 'Failed to save conversation settings';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </Card>
  );
}

function MessageField({
  id,
  label,
  description,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={3}
        value={value}
        maxLength={LIMITS.message.max}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className={invalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {invalid ? `${label} cannot be empty.` : description}
      </p>
    </div>
  );
}

/** The conversation controls of one assistant (spec 001, /dashboard/controls). Mount it keyed by the assistant. */
export function ConversationSettingsForm({ chatbot }: { chatbot: Chatbot }) {
  const save = useUpdateConversationSettingsMutation();
  const [baseline, setBaseline] = useState(() => toDraft(chatbot.conversation_settings));
  const [draft, setDraft] = useState(baseline);
  // Spec 001 section 4: reset marks the form dirty even when the loaded values were the defaults.
  const [resetPending, setResetPending] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const dirty = resetPending || !sameDraft(draft, baseline);

  const update = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const welcomeEmpty = !draft.welcomeMessage.trim();
  const fallbackEmpty = !draft.fallbackMessage.trim();

  const handleReset = () => {
    setDraft(toDraft(DEFAULT_CONVERSATION_SETTINGS));
    setResetPending(true);
    setShowErrors(false);
    notify.success('Settings reset to defaults');
  };

  const handleSave = () => {
    if (welcomeEmpty || fallbackEmpty) {
      setShowErrors(true);
      notify.error(SAVE_ERROR, {
        description: `${welcomeEmpty ? 'Welcome' : 'Fallback'} message cannot be empty.`,
      });
      return;
    }
    save.mutate(
      { id: chatbot.id, settings: fromDraft(draft) },
      {
        onSuccess: (saved) => {
          const next = toDraft(saved.conversation_settings);
          setBaseline(next);
          setDraft(next);
          setResetPending(false);
          setShowErrors(false);
          notify.success('Conversation settings saved successfully!');
        },
        onError: (error) => notify.error(SAVE_ERROR, { description: errorMessage(error) }),
      },
    );
  };

  const ms = (value: number) => `${value} ms`;
  const levelOf = (value: number) => `${value}/10`;
  // Issue 12: a member of the assistant's team sees the settings but cannot change them.
  const readOnly = !can(chatbot, 'edit');

  return (
    <div className="flex flex-col gap-4">
      {readOnly ? (
        <ViewOnlyNote chatbot={chatbot} />
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {dirty && (
            <Badge variant="outline" className="mr-auto border-amber-500/50 bg-amber-500/10 text-amber-700 dark:text-amber-400">
              Unsaved changes
            </Badge>
          )}
          <Button variant="outline" onClick={handleReset} disabled={save.isPending}>
            <RotateCcwIcon aria-hidden="true" />
            Reset to Defaults
          </Button>
          <Button onClick={handleSave} disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            Save Settings
          </Button>
        </div>
      )}

      <Tabs defaultValue="responses" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="responses">Responses</TabsTrigger>
          <TabsTrigger value="flow">Flow</TabsTrigger>
          <TabsTrigger value="behavior">Behavior</TabsTrigger>
          <TabsTrigger value="advanced">Advanced</TabsTrigger>
        </TabsList>
        <fieldset disabled={readOnly} className="contents">
          <TabsContent value="responses" className="flex flex-col gap-4">
            <Section title="Response Settings" description="How and when the assistant answers.">
              <RangeField
                label="Response Delay"
                description="A short pause before each reply makes the conversation feel natural."
                value={draft.responseDelay}
                {...LIMITS.responseDelay}
                format={ms}
                onChange={(value) => update('responseDelay', value)}
              />
              <SwitchField
                label="Typing Indicator"
                description="Show that the assistant is typing while a reply is on its way."
                checked={draft.typingIndicatorEnabled}
                onChange={(value) => update('typingIndicatorEnabled', value)}
              />
              <NumberField
                label="Maximum Response Length"
                description={`Characters per reply, ${LIMITS.maxResponseLength.min} to ${LIMITS.maxResponseLength.max} (${LIMITS.maxResponseLength.fallback} if left empty).`}
                value={draft.maxResponseLength}
                min={LIMITS.maxResponseLength.min}
                max={LIMITS.maxResponseLength.max}
                onChange={(value) => update('maxResponseLength', value)}
              />
            </Section>
            <Section title="Messages" description="What visitors read at the start, and when the assistant is unsure.">
              <MessageField
                id="welcome-message"
                label="Welcome Message"
                description="The first message a visitor sees."
                value={draft.welcomeMessage}
                invalid={showErrors && welcomeEmpty}
                onChange={(value) => update('welcomeMessage', value)}
              />
              <MessageField
                id="fallback-message"
                label="Fallback Message"
                description="Sent when the assistant does not understand the question."
                value={draft.fallbackMessage}
                invalid={showErrors && fallbackEmpty}
                onChange={(value) => update('fallbackMessage', value)}
              />
            </Section>
          </TabsContent>

          <TabsContent value="flow" className="flex flex-col gap-4">
            <Section title="Conversation Flow" description="How long conversations last and when a person takes over.">
              <NumberField
                label="Conversation Timeout (minutes)"
                description={`A conversation ends after this much inactivity: ${LIMITS.timeoutMinutes.min} to ${LIMITS.timeoutMinutes.max} minutes (${LIMITS.timeoutMinutes.fallback} if left empty).`}
                value={draft.timeoutMinutes}
                min={LIMITS.timeoutMinutes.min}
                max={LIMITS.timeoutMinutes.max}
                onChange={(value) => update('timeoutMinutes', value)}
              />
              <SwitchField
                label="Human Handoff"
                description="Let the assistant hand the conversation to a person when asked or needed."
                checked={draft.handoffEnabled}
                onChange={(value) => update('handoffEnabled', value)}
              />
              <TriggerListField
                triggers={draft.escalationTriggers}
                max={LIMITS.trigger.count}
                maxLength={LIMITS.trigger.max}
                onAdd={(phrase) => update('escalationTriggers', addTrigger(draft.escalationTriggers, phrase))}
                onRemove={(phrase) =>
                  update(
                    'escalationTriggers',
                    draft.escalationTriggers.filter((item) => item !== phrase),
                  )
                }
              />
            </Section>
          </TabsContent>

          <TabsContent value="behavior" className="flex flex-col gap-4">
            <Section title="Behavior" description="What the assistant talks about and how it checks with visitors.">
              <SwitchField
                label="Allow Off-Topic"
                description="Answer questions that are not about your business."
                checked={draft.allowOffTopic}
                onChange={(value) => update('allowOffTopic', value)}
              />
              <SwitchField
                label="Require Confirmation"
                description="Ask the visitor to confirm before acting on a request."
                checked={draft.requireConfirmation}
                onChange={(value) => update('requireConfirmation', value)}
              />
              <SwitchField
                label="Collect Feedback"
                description="Ask visitors to rate the conversation."
                checked={draft.collectFeedback}
                onChange={(value) => update('collectFeedback', value)}
              />
            </Section>
          </TabsContent>

          <TabsContent value="advanced" className="flex flex-col gap-4">
            <Section title="Advanced" description="Fine-tune how the assistant reasons.">
              <RangeField
                label="Context Window"
                description="How many recent messages the assistant keeps in mind."
                value={draft.contextWindow}
                {...LIMITS.contextWindow}
                format={(value) => `${value} messages`}
                onChange={(value) => update('contextWindow', value)}
              />
              <RangeField
                label="Creativity Level"
                description="Low keeps answers close to your content; high lets the assistant phrase things more freely."
                value={draft.creativityLevel}
                {...LIMITS.level}
                format={levelOf}
                onChange={(value) => update('creativityLevel', value)}
              />
              <RangeField
                label="Strictness Level"
                description="High keeps the assistant strictly to your business information and rules."
                value={draft.strictnessLevel}
                {...LIMITS.level}
                format={levelOf}
                onChange={(value) => update('strictnessLevel', value)}
              />
            </Section>
          </TabsContent>
        </fieldset>
      </Tabs>
    </div>
  );
}
