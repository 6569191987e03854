import {
  speechResponseSchema,
  voiceAnalyticsSchema,
  voiceSettingsResponseSchema,
  type SpeechRequest,
  type SpeechResponse,
  type VoiceAnalytics,
  type VoiceSettings,
  type VoiceSettingsInput,
} from '@contracts/voice';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

/** GET /chatbots/{id}/voice-settings: the stored settings, defaults for what was never saved. */
export async function getVoiceSettings(api: ApiClient, id: string, signal?: AbortSignal): Promise<VoiceSettings> {
  const { settings } = await api.request(`${chatbotPath(id)}/voice-settings`, { schema: voiceSettingsResponseSchema, signal });
  return settings;
}

/** PUT /chatbots/{id}/voice-settings: the whole set. */
export async function updateVoiceSettings(api: ApiClient, id: string, input: VoiceSettingsInput): Promise<VoiceSettings> {
  const { settings } = await api.request(`${chatbotPath(id)}/voice-settings`, {
    method: 'PUT',
    body: input,
    schema: voiceSettingsResponseSchema,
  });
  return settings;
}

/** GET /chatbots/{id}/voice-analytics: figures of the assistant's stored voice sessions. */
export async function getVoiceAnalytics(api: ApiClient, id: string, signal?: AbortSignal): Promise<VoiceAnalytics> {
  return api.request(`${chatbotPath(id)}/voice-analytics`, { schema: voiceAnalyticsSchema, signal });
}

/** POST /voice/speech (elevenlabs-tts): the text spoken in the chosen voice, base64 mp3 or WAV. */
export async function synthesizeSpeech(api: ApiClient, request: SpeechRequest): Promise<SpeechResponse> {
  return api.request('/voice/speech', { method: 'POST', body: request, schema: speechResponseSchema });
}
