import { DEFAULT_VOICE_SETTINGS, voiceNameOf, voiceSettingsSchema, type VoiceSettings, type VoiceSettingsInput } from '../../contracts/voice.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import type { StoredChatbot } from '../chatbots/chatbot-record.js';
import { db } from '../data/db.js';

/**
 * The assistant's stored voice settings, each missing or unreadable field at its default (spec 000
 * section 9), so an assistant that never saved any speaks with Sarah on multilingual v2.
 */
export function voiceSettingsOf(bot: Pick<StoredChatbot, 'voice_settings'>): VoiceSettings {
  const stored = (bot.voice_settings ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...DEFAULT_VOICE_SETTINGS };
  for (const key of Object.keys(DEFAULT_VOICE_SETTINGS) as (keyof VoiceSettings)[]) {
    const field = voiceSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) merged[key] = field.data;
  }
  merged.voice_name = voiceNameOf(merged.voice_id as string);
  return merged as VoiceSettings;
}

export async function getVoiceSettings(caller: Caller, chatbotId: string): Promise<VoiceSettings> {
  return voiceSettingsOf((await chatbotFor(caller, chatbotId)).chatbot);
}

/** Voice Settings' Save: the whole set (validated by the contract); the voice's name follows its id. */
export async function updateVoiceSettings(caller: Caller, chatbotId: string, input: VoiceSettingsInput): Promise<VoiceSettings> {
  await chatbotFor(caller, chatbotId);
  const settings: VoiceSettings = { ...input, voice_name: voiceNameOf(input.voice_id) };
  const { data } = await db()
    .entities.chatbot.patch({ chatbot_id: chatbotId })
    .set({ voice_settings: settings, updated_at: new Date().toISOString() })
    .go({ response: 'all_new' });
  return voiceSettingsOf(data);
}
