import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, chatPositions, chatStyles } from '@contracts/chatbot';
import { LoaderCircleIcon, SparklesIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { ColorField } from '@/components/ColorField';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { AvatarPicker } from '@/creator/AvatarPicker';
import {
  CHAT_POSITION_LABELS,
  CHAT_STYLE_LABELS,
  PERSONALITY_PRESETS,
  type CreatorValues,
} from '@/creator/creator-settings';
import { cn } from '@/lib/cn';

interface CreatorFormProps {
  values: CreatorValues;
  onChange: (patch: Partial<CreatorValues>) => void;
  advanced: boolean;
  onAdvancedChange: (open: boolean) => void;
  /** The whole form is disabled while creating (spec 000 section 4). */
  disabled: boolean;
  creating: boolean;
  /** The business name was read from the site: shown for the owner to confirm or correct before creating. */
  confirmingName: boolean;
  onSubmit: () => void;
}

/** The creator's configuration form: the website URL and the advanced customisation panel. */
export function CreatorForm({ values, onChange, advanced, onAdvancedChange, disabled, creating, confirmingName, onSubmit }: CreatorFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Create Your AI Assistant</CardTitle>
        <CardDescription>
          Enter your website address: we read your pages and build an assistant that answers from them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the URL is checked here, so that an empty field gives the spec's toast. */}
        <form noValidate onSubmit={handleSubmit} aria-busy={creating}>
          <fieldset disabled={disabled} className="flex flex-col gap-6">
            <div className="flex flex-col gap-2">
              <Label htmlFor="creator-website-url">Website URL</Label>
              <Input
                id="creator-website-url"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://yourwebsite.com"
                value={values.websiteUrl}
                onChange={(event) => onChange({ websiteUrl: event.target.value })}
              />
            </div>

            {confirmingName && (
              <div className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4">
                <Label htmlFor="creator-business-name">Business Name</Label>
                <Input
                  id="creator-business-name"
                  maxLength={120}
                  autoComplete="organization"
                  aria-describedby="creator-business-name-hint"
                  value={values.businessName}
                  onChange={(event) => onChange({ businessName: event.target.value })}
                  autoFocus
                />
                <p id="creator-business-name-hint" className="text-sm text-muted-foreground">
                  Read from your website. Customers see it on your demo page and in the chat widget: correct it if it is
                  wrong, then create your assistant.
                </p>
              </div>
            )}

            <div className="flex items-center gap-3">
              <Switch
                id="creator-advanced"
                checked={advanced}
                onCheckedChange={onAdvancedChange}
                aria-controls={advanced ? 'creator-advanced-panel' : undefined}
              />
              <Label htmlFor="creator-advanced">Advanced Customization</Label>
            </div>

            {advanced && (
              <div id="creator-advanced-panel" className="rounded-lg border p-4">
                <Tabs defaultValue="identity" className="gap-4">
                  <TabsList className="w-full">
                    <TabsTrigger value="identity">Identity</TabsTrigger>
                    <TabsTrigger value="appearance">Appearance</TabsTrigger>
                    <TabsTrigger value="behavior">Behavior</TabsTrigger>
                  </TabsList>

                  <TabsContent value="identity" className="flex flex-col gap-4">
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="creator-agent-name">Agent Name</Label>
                      <Input
                        id="creator-agent-name"
                        maxLength={80}
                        value={values.agentName}
                        onChange={(event) => onChange({ agentName: event.target.value })}
                      />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="creator-personality">Personality</Label>
                      <Input
                        id="creator-personality"
                        maxLength={500}
                        value={values.agentPersonality}
                        onChange={(event) => onChange({ agentPersonality: event.target.value })}
                      />
                    </div>
                    <AvatarPicker
                      id="creator-avatar-upload"
                      value={values.agentImage}
                      onChange={(agentImage) => onChange({ agentImage })}
                      disabled={disabled}
                    />
                  </TabsContent>

                  <TabsContent value="appearance" className="flex flex-col gap-4">
                    <div className="grid gap-4 sm:grid-cols-2">
                      <ColorField
                        id="creator-primary-color"
                        label="Primary Colour"
                        swatchLabel="Primary swatch"
                        value={values.primaryColor}
                        fallback={DEFAULT_PRIMARY_COLOR}
                        onChange={(primaryColor) => onChange({ primaryColor })}
                        disabled={disabled}
                      />
                      <ColorField
                        id="creator-secondary-color"
                        label="Secondary Colour"
                        swatchLabel="Secondary swatch"
                        value={values.secondaryColor}
                        fallback={DEFAULT_SECONDARY_COLOR}
                        onChange={(secondaryColor) => onChange({ secondaryColor })}
                        disabled={disabled}
                      />
                      <div className="flex flex-col gap-2">
                        <Label htmlFor="creator-chat-position">Chat Position</Label>
                        <NativeSelect
                          id="creator-chat-position"
                          value={values.chatPosition}
                          onChange={(event) =>
                            onChange({ chatPosition: event.target.value as CreatorValues['chatPosition'] })
                          }
                        >
                          {chatPositions.map((position) => (
                            <option key={position} value={position}>
                              {CHAT_POSITION_LABELS[position]}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                      <div className="flex flex-col gap-2">
                        <Label htmlFor="creator-chat-style">Chat Style</Label>
                        <NativeSelect
                          id="creator-chat-style"
                          value={values.chatStyle}
                          onChange={(event) => onChange({ chatStyle: event.target.value as CreatorValues['chatStyle'] })}
                        >
                          {chatStyles.map((style) => (
                            <option key={style} value={style}>
                              {CHAT_STYLE_LABELS[style]}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                    </div>
                  </TabsContent>

                  <TabsContent value="behavior" className="flex flex-col gap-4">
                    <fieldset className="flex flex-col gap-2">
                      <legend className="mb-2 text-sm font-medium">Personality presets</legend>
                      <div className="flex flex-wrap gap-2">
                        {PERSONALITY_PRESETS.map((preset) => {
                          const selected = values.agentPersonality.trim().toLowerCase() === preset;
                          return (
                            <Button
                              key={preset}
                              variant="outline"
                              size="sm"
                              aria-pressed={selected}
                              className={cn(selected && 'border-primary bg-primary/10')}
                              onClick={() => onChange({ agentPersonality: preset })}
                            >
                              {preset.charAt(0).toUpperCase() + preset.slice(1)}
                            </Button>
                          );
                        })}
                      </div>
                    </fieldset>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="creator-personality-text">Custom Personality</Label>
                      <Textarea
                        id="creator-personality-text"
                        maxLength={500}
                        rows={3}
                        value={values.agentPersonality}
                        onChange={(event) => onChange({ agentPersonality: event.target.value })}
                        placeholder="Describe how your assistant should talk to customers"
                      />
                    </div>
                  </TabsContent>
                </Tabs>
              </div>
            )}

            <Button type="submit" size="lg" className="w-full" aria-busy={creating}>
              {creating ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              Create AI Assistant
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
