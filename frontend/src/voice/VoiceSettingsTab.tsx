import { responseSpeeds, voiceCatalogue, voiceModels, type VoiceSettings, type VoiceSettingsInput } from '@contracts/voice';
import { PlayIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RangeField, SwitchField } from '@/dashboard/controls/fields';
import { notify } from '@/lib/notify';
import { errorMessage, useApi } from '@/lib/api';
import { RATE_OF_SPEED, speak } from '@/voice/browser-speech';
import { playServerSpeech } from '@/voice/server-speech';
import { useUpdateVoiceSettingsMutation } from '@/voice/voice-queries';

const SPEED_LABEL: Record<(typeof responseSpeeds)[number], string> = { fast: 'Fast', balanced: 'Balanced', quality: 'Quality' };
const percent = (value: number) => value.toFixed(2);

function inputOf({ voice_name: _name, ...input }: VoiceSettings): VoiceSettingsInput {
  return input;
}

/** The Voice Settings tab: voice, model, sliders, toggles, a voice test and Save (stored per assistant). */
export function VoiceSettingsTab({ chatbotId, settings }: { chatbotId: string; settings: VoiceSettings }) {
  const [draft, setDraft] = useState<VoiceSettingsInput>(() => inputOf(settings));
  const save = useUpdateVoiceSettingsMutation();
  const api = useApi();
  const set = <K extends keyof VoiceSettingsInput>(key: K) => (value: VoiceSettingsInput[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const voice = voiceCatalogue.find((v) => v.id === draft.voice_id) ?? voiceCatalogue[0];

  const testVoice = async () => {
    const text = `Hello! This is ${voice.name}. How can I help you today?`;
    const { voice_id, model_id, stability, similarity_boost, style, use_speaker_boost } = draft;
    notify.success('Voice Test', { description: `Playing voice sample with ${voice.name}` });
    try {
      // The chosen voice from the server (elevenlabs-tts); where it has none, the browser's own voice.
      const played = await playServerSpeech(api, { text, voice_id, model_id, stability, similarity_boost, style, use_speaker_boost });
      if (played === 'unavailable') await speak(text, RATE_OF_SPEED[draft.response_speed]);
    } catch (error) {
      console.error('Voice test failed', error);
      notify.error('Voice Test Failed', { description: 'Could not test the voice. Please check your settings.' });
    }
  };

  const submit = () =>
    save.mutate(
      { chatbotId, input: draft },
      {
        onSuccess: () => notify.success('Voice settings saved', { description: `Your assistant speaks with ${voice.name}.` }),
        onError: (error) => notify.error('Failed to save voice settings', { description: errorMessage(error) }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Voice Settings</CardTitle>
        <CardDescription>
          The voice and model are used when an ElevenLabs key is configured for the product; without one, your browser's own voice speaks
          the answers at the chosen response speed.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="voice-choice">Voice</Label>
            <NativeSelect id="voice-choice" value={draft.voice_id} onChange={(e) => set('voice_id')(e.target.value as VoiceSettingsInput['voice_id'])}>
              {voiceCatalogue.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name} - {v.description}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="voice-model">Model</Label>
            <NativeSelect id="voice-model" value={draft.model_id} onChange={(e) => set('model_id')(e.target.value as VoiceSettingsInput['model_id'])}>
              {voiceModels.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.description})
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="voice-speed">Response speed</Label>
            <NativeSelect id="voice-speed" value={draft.response_speed} onChange={(e) => set('response_speed')(e.target.value as VoiceSettingsInput['response_speed'])}>
              {responseSpeeds.map((speed) => (
                <option key={speed} value={speed}>
                  {SPEED_LABEL[speed]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-6 sm:grid-cols-3">
          <RangeField label="Stability" description="Higher is steadier; lower is more expressive." value={draft.stability} min={0} max={1} step={0.01} format={percent} onChange={set('stability')} />
          <RangeField label="Similarity Boost" description="How closely the voice keeps to the original speaker." value={draft.similarity_boost} min={0} max={1} step={0.01} format={percent} onChange={set('similarity_boost')} />
          <RangeField label="Style" description="Exaggerates the speaker's style; 0 is neutral." value={draft.style} min={0} max={1} step={0.01} format={percent} onChange={set('style')} />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <SwitchField label="Speaker Boost" description="Boosts similarity to the speaker." checked={draft.use_speaker_boost} onChange={set('use_speaker_boost')} />
          <SwitchField label="Interruptions" description="Speaking over the assistant stops its audio." checked={draft.interrupt_enabled} onChange={set('interrupt_enabled')} />
          <SwitchField label="Auto Play" description="Speak each answer as soon as it arrives." checked={draft.auto_play} onChange={set('auto_play')} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => void testVoice()}>
            <PlayIcon aria-hidden="true" />
            Test Voice
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            <SaveIcon aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save Voice Settings'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
