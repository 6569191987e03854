import * as z from 'zod';
import { MAX_CHAT_MESSAGE_CHARS } from './chat-constants.js';

/** Spec 000 section 3: the 10 voices of the catalogue (ElevenLabs' premade voices) with their ids. */
export const voiceCatalogue = [
  { id: 'EXAVITQu4vr4xnSDxMaL', name: 'Sarah', description: 'Soft, young American woman; warm and reassuring' },
  { id: 'FGY2WhTYpPnrIDTdsKH5', name: 'Laura', description: 'Upbeat young American woman; quirky and bright' },
  { id: 'IKne3meq5aSn9XLyUdCD', name: 'Charlie', description: 'Natural Australian man; casual and conversational' },
  { id: 'JBFqnCBsd6RMkjVDRZzb', name: 'George', description: 'Warm middle-aged British man; a storyteller' },
  { id: 'N2lVS1w4EtoT3dr4eOWO', name: 'Callum', description: 'Husky transatlantic man; intense' },
  { id: 'TX3LPaxmHKxFdv7VOQHJ', name: 'Liam', description: 'Young American man; articulate and energetic' },
  { id: 'XB0fDUnXU5powFXDhCwa', name: 'Charlotte', description: 'Swedish-accented woman; seductive and calm' },
  { id: 'Xb7hH8MSUJpSbSDYk0k2', name: 'Alice', description: 'Confident British woman; clear, for news and teaching' },
  { id: 'bIHbv24MWmeRgasZH58o', name: 'Will', description: 'Friendly young American man; relaxed' },
  { id: 'pFZP5JQG7iQjIQuC4Bku', name: 'Lily', description: 'Warm British woman; velvety narration' },
] as const;
export type CatalogueVoice = (typeof voiceCatalogue)[number];

/** Spec 000 section 3: the 3 models. */
export const voiceModels = [
  { id: 'eleven_multilingual_v2', name: 'Multilingual v2', description: 'Most lifelike' },
  { id: 'eleven_turbo_v2_5', name: 'Turbo v2.5', description: 'High quality, low latency' },
  { id: 'eleven_turbo_v2', name: 'Turbo v2', description: 'English only, fastest' },
] as const;

export const responseSpeeds = ['fast', 'balanced', 'quality'] as const;

const voiceIds = voiceCatalogue.map((v) => v.id) as [CatalogueVoice['id'], ...CatalogueVoice['id'][]];
const modelIds = voiceModels.map((m) => m.id) as [(typeof voiceModels)[number]['id'], ...(typeof voiceModels)[number]['id'][]];
/** Spec 000 section 5: sliders range 0 to 1 in steps of 0.01. */
const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

/** What the owner chooses; voice_name follows from voice_id (the catalogue), so it is not sent. */
export const voiceSettingsInputSchema = z.object({
  voice_id: z.enum(voiceIds, { message: 'must be a voice of the catalogue' }),
  model_id: z.enum(modelIds, { message: 'must be one of the 3 models' }),
  stability: unit,
  similarity_boost: unit,
  style: unit,
  use_speaker_boost: z.boolean(),
  response_speed: z.enum(responseSpeeds),
  interrupt_enabled: z.boolean(),
  auto_play: z.boolean(),
});
export type VoiceSettingsInput = z.infer<typeof voiceSettingsInputSchema>;

/** Spec 000 section 3 "Voice settings". */
export const voiceSettingsSchema = voiceSettingsInputSchema.extend({ voice_name: z.string() });
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

export const voiceNameOf = (voiceId: string): string => voiceCatalogue.find((v) => v.id === voiceId)?.name ?? 'Sarah';

/** Spec 000 section 9: voice defaults. */
export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  voice_id: 'EXAVITQu4vr4xnSDxMaL',
  voice_name: 'Sarah',
  model_id: 'eleven_multilingual_v2',
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  use_speaker_boost: true,
  response_speed: 'balanced',
  interrupt_enabled: true,
  auto_play: true,
};

/** GET and PUT /chatbots/{id}/voice-settings. */
export const voiceSettingsResponseSchema = z.object({ settings: voiceSettingsSchema });
export type VoiceSettingsResponse = z.infer<typeof voiceSettingsResponseSchema>;

/**
 * create-realtime-session (spec 000 section 7): `client_secret.value` is a short-lived token of our
 * own that opens the realtime socket (`?token=`) for this assistant; never a provider's key.
 */
export const realtimeSessionResponseSchema = z.object({
  client_secret: z.object({ value: z.string(), expires_at: z.number().int() }),
  session: z.string(),
  /** What the server does itself: transcription (an OpenAI key), speech (an ElevenLabs key); the browser does the rest. */
  providers: z.object({ transcription: z.boolean(), speech: z.boolean() }),
});
export type RealtimeSessionResponse = z.infer<typeof realtimeSessionResponseSchema>;

/** A voice conversation's id on the owner's side, chosen by the browser for each Start Voice Chat. */
const sessionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

/**
 * Voice messages a browser sends over the realtime socket (spec 000 "Streaming socket"): `init` names
 * the assistant; `input_text` carries what the browser's own speech recognition heard, or what was typed
 * where it has none (the embedded default without provider keys).
 */
export const voiceClientMessageSchema = z.discriminatedUnion('type', [
  // `session` is needed only on a socket opened with a Cognito token; a session token carries its own.
  z.object({ type: z.literal('init'), chatbot: z.string().min(1).max(64), session: sessionId.optional(), ephemeralKey: z.string().max(4096).optional() }),
  // 24 kHz mono PCM16, base64; within API Gateway's 128 KB message.
  // `seq` (1, 2, 3, ... per socket) keeps the chunks in order: API Gateway may run two messages at once.
  // Without it the server numbers chunks as they arrive.
  z.object({
    type: z.literal('input_audio_buffer.append'),
    audio: z.string().min(1).max(120_000).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    seq: z.number().int().min(1).max(1e9).optional(),
  }),
  z.object({ type: z.literal('input_text'), text: z.string().trim().min(1, 'Say or type something first').max(MAX_CHAT_MESSAGE_CHARS), spoken: z.boolean().optional() }),
]);
export type VoiceClientMessage = z.infer<typeof voiceClientMessageSchema>;

/** Voice events the server sends (the spec's event names, as OpenAI's realtime API names them). */
export type VoiceServerEvent =
  | { type: 'session.created'; chatbot: string; session: string }
  | { type: 'input_audio_buffer.speech_started' }
  | { type: 'input_audio_buffer.speech_stopped' }
  | { type: 'conversation.item.input_audio_transcription.completed'; transcript: string }
  | { type: 'response.audio.delta'; delta: string }
  | { type: 'response.audio.done' }
  | { type: 'response.audio_transcript.delta'; delta: string }
  | { type: 'response.audio_transcript.done'; transcript: string; conversationId: string }
  | { type: 'error'; message: string };

/** The Voice screen's Analytics tab: the period it covers (days back from today, UTC). */
export const VOICE_ANALYTICS_DAYS = 30;

/**
 * GET /chatbots/{id}/voice-analytics (issue 16, in place of the spec's static figures): the assistant's
 * voice sessions of the last VOICE_ANALYTICS_DAYS days. Shares are whole percents of the turns.
 */
export const voiceAnalyticsSchema = z.object({
  days: z.number().int(),
  sessions: z.number().int(),
  average_duration_seconds: z.number().int(),
  turns: z.number().int(),
  answered: z.number().int(),
  fallback: z.number().int(),
  answered_share: z.number().int(),
  fallback_share: z.number().int(),
  /** Days with at least one session, oldest first (YYYY-MM-DD, UTC). */
  per_day: z.array(z.object({ day: z.string(), sessions: z.number().int(), turns: z.number().int() })),
});
export type VoiceAnalytics = z.infer<typeof voiceAnalyticsSchema>;

/** Longest text elevenlabs-tts speaks: an assistant's answer (Play Again) at its longest setting, with room. */
export const MAX_SPEECH_CHARS = 2500;

/**
 * elevenlabs-tts (spec 000 section 7: text, voice_id, model_id): Voice Test and Play Again. The sliders
 * are optional: Voice Test sends the draft's, Play Again the saved ones.
 */
export const speechRequestSchema = z.object({
  text: z.string().trim().min(1, 'Give the text to speak').max(MAX_SPEECH_CHARS),
  voice_id: voiceSettingsInputSchema.shape.voice_id,
  model_id: voiceSettingsInputSchema.shape.model_id,
  stability: unit.optional(),
  similarity_boost: unit.optional(),
  style: unit.optional(),
  use_speaker_boost: z.boolean().optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/** The spoken text: mp3 from ElevenLabs (a key configured), or WAV from the local stand-in (espeak-ng) without one. */
export const speechResponseSchema = z.object({
  audio: z.string(),
  format: z.enum(['mp3', 'wav']),
  provider: z.enum(['elevenlabs', 'local']),
});
export type SpeechResponse = z.infer<typeof speechResponseSchema>;
