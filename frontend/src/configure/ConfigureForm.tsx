import {
  DEFAULT_AGENT_NAME,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  updateChatbotRequestSchema,
  type Chatbot,
  type UpdateChatbotRequest,
} from '@contracts/chatbot';
import { LoaderCircleIcon, SaveIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUpdateChatbotMutation } from '@/chatbots/mutations';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { ColorField } from '@/components/ColorField';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { WidgetPreview } from '@/configure/WidgetPreview';
import { DASHBOARD_HOME } from '@/dashboard/navigation';
import { notify } from '@/lib/notify';

type EditableField = 'business_name' | 'agent_name' | 'agent_image' | 'agent_personality' | 'primary_color' | 'secondary_color';
type Values = Record<EditableField, string>;

/** What to say when a field fails the contract (checked here before saving; the server checks again). */
const FIELD_PROBLEMS: Record<EditableField, string> = {
  business_name: 'Please enter a business name (up to 120 characters).',
  agent_name: 'Please enter an agent name (up to 80 characters).',
  agent_image: 'The avatar URL must be a full web address, such as https://example.com/avatar.png.',
  agent_personality: 'The personality can be up to 500 characters.',
  primary_color: 'The primary colour must be written like #2563eb.',
  secondary_color: 'The secondary colour must be written like #1e40af.',
};

function initialValues(chatbot: Chatbot): Values {
  return {
    business_name: chatbot.business_name,
    agent_name: chatbot.agent_name || DEFAULT_AGENT_NAME,
    agent_image: chatbot.agent_image,
    agent_personality: chatbot.agent_personality,
    primary_color: chatbot.primary_color || DEFAULT_PRIMARY_COLOR,
    secondary_color: chatbot.secondary_color || DEFAULT_SECONDARY_COLOR,
  };
}

/** Spec 001 section 2, "Configure page": identity, avatar, personality and colours, with a live preview. */
export function ConfigureForm({ chatbot }: { chatbot: Chatbot }) {
  // Issue 12: a member of the assistant's team sees its settings; changing them needs an editor.
  const readOnly = !can(chatbot, 'edit');
  const navigate = useNavigate();
  const update = useUpdateChatbotMutation();
  const [values, setValues] = useState<Values>(() => initialValues(chatbot));
  const [invalid, setInvalid] = useState<EditableField | null>(null);

  const set = (field: EditableField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid === field) setInvalid(null);
  };
  const errorProps = (field: EditableField) =>
    invalid === field ? { 'aria-invalid': true, 'aria-describedby': `config-error-${field}` } : {};
  const fieldError = (field: EditableField) =>
    invalid === field ? (
      <p id={`config-error-${field}`} className="text-sm text-destructive">
        {FIELD_PROBLEMS[field]}
      </p>
    ) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes: UpdateChatbotRequest = {
      business_name: values.business_name.trim(),
      agent_name: values.agent_name.trim(),
      agent_image: values.agent_image.trim(),
      agent_personality: values.agent_personality.trim(),
      primary_color: values.primary_color.trim(),
      secondary_color: values.secondary_color.trim(),
    };
    const parsed = updateChatbotRequestSchema.safeParse(changes);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] as EditableField | undefined;
      const problem = field && FIELD_PROBLEMS[field] ? FIELD_PROBLEMS[field] : parsed.error.issues[0]?.message;
      if (field && FIELD_PROBLEMS[field]) setInvalid(field);
      notify.error('Failed to save configuration', { description: problem });
      return;
    }
    update.mutate(
      { id: chatbot.id, changes: parsed.data },
      {
        onSuccess: (saved) => {
          notify.success('Settings Saved', { description: `${saved.business_name} has been updated.` });
          void navigate(DASHBOARD_HOME);
        },
        onError: (error) => {
          notify.error('Failed to save configuration', { description: error.message });
        },
      },
    );
  };

  const saving = update.isPending;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Assistant Settings</CardTitle>
          <CardDescription>How your assistant introduces itself and looks on your website.</CardDescription>
        </CardHeader>
        <CardContent>
          {readOnly && (
            <div className="mb-5">
              <ViewOnlyNote chatbot={chatbot} />
            </div>
          )}
          <form noValidate onSubmit={handleSubmit}>
            <fieldset disabled={saving || readOnly} className="flex flex-col gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <Label htmlFor="config-business-name">Business Name</Label>
                  <Input
                    id="config-business-name"
                    maxLength={120}
                    autoComplete="organization"
                    value={values.business_name}
                    onChange={(event) => set('business_name')(event.target.value)}
                    {...errorProps('business_name')}
                  />
                  {fieldError('business_name')}
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="config-agent-name">Agent Name</Label>
                  <Input
                    id="config-agent-name"
                    maxLength={80}
                    value={values.agent_name}
                    onChange={(event) => set('agent_name')(event.target.value)}
                    {...errorProps('agent_name')}
                  />
                  {fieldError('agent_name')}
                </div>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="config-avatar-url">Avatar URL</Label>
                <Input
                  id="config-avatar-url"
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/avatar.png"
                  value={values.agent_image}
                  onChange={(event) => set('agent_image')(event.target.value)}
                  {...errorProps('agent_image')}
                />
                {fieldError('agent_image')}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="config-personality">Personality</Label>
                <Textarea
                  id="config-personality"
                  rows={3}
                  maxLength={500}
                  placeholder="Helpful and friendly"
                  value={values.agent_personality}
                  onChange={(event) => set('agent_personality')(event.target.value)}
                  {...errorProps('agent_personality')}
                />
                {fieldError('agent_personality')}
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="flex flex-col gap-2">
                  <ColorField
                    id="config-primary-color"
                    label="Primary Colour"
                    swatchLabel="Primary swatch"
                    value={values.primary_color}
                    fallback={DEFAULT_PRIMARY_COLOR}
                    onChange={set('primary_color')}
                  />
                  {fieldError('primary_color')}
                </div>
                <div className="flex flex-col gap-2">
                  <ColorField
                    id="config-secondary-color"
                    label="Secondary Colour"
                    swatchLabel="Secondary swatch"
                    value={values.secondary_color}
                    fallback={DEFAULT_SECONDARY_COLOR}
                    onChange={set('secondary_color')}
                  />
                  {fieldError('secondary_color')}
                </div>
              </div>
              {!readOnly && (
                <div className="flex flex-wrap justify-end gap-2 pt-2">
                  <Button variant="outline" onClick={() => void navigate(DASHBOARD_HOME)}>
                    Cancel
                  </Button>
                  <Button type="submit" aria-busy={saving}>
                    {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SaveIcon aria-hidden="true" />}
                    Save Changes
                  </Button>
                </div>
              )}
            </fieldset>
          </form>
        </CardContent>
      </Card>
      <Card className="h-fit lg:sticky lg:top-6">
        <CardHeader>
          <CardTitle className="text-xl">Live Preview</CardTitle>
          <CardDescription>How the chat widget will look on your website.</CardDescription>
        </CardHeader>
        <CardContent>
          <WidgetPreview
            businessName={values.business_name}
            agentName={values.agent_name}
            agentImage={values.agent_image}
            primaryColor={values.primary_color}
            secondaryColor={values.secondary_color}
            welcomeMessage={chatbot.conversation_settings.welcomeMessage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
