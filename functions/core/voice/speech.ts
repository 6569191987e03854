import type { SpeechRequest, SpeechResponse } from '../../contracts/voice.js';
import type { Caller } from '../access/authorize.js';
import { enforceLimit } from '../chat/rate-limit.js';
import { HttpError } from '../http/http-error.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { SpeechSynthesisFailure, synthesize, ttsConfigured } from './elevenlabs.js';
import { LocalSpeechMissing, localSpeech } from './local-speech.js';

/** Voice Tests and Play Agains per user and minute: each is a paid ElevenLabs request. */
const SPEECH_PER_MINUTE = 30;

export const NO_SPEECH_MESSAGE =
  "Speaking on the server needs an ElevenLabs key (ELEVENLABS_API_KEY), which is not configured; your browser's own voice speaks instead.";

/** elevenlabs-tts: the text in the chosen voice, from ElevenLabs with a key, else from the local stand-in. */
export async function speakText(caller: Caller, request: SpeechRequest): Promise<SpeechResponse> {
  await Promise.all([loadProviderKeys(), enforceLimit(`speech:${caller.userId}`, SPEECH_PER_MINUTE, 'Too many voice samples right now.')]);
  if (ttsConfigured()) {
    try {
      const { text, ...voice } = request;
      return { audio: (await synthesize(text, voice, 'mp3_44100_128')).toString('base64'), format: 'mp3', provider: 'elevenlabs' };
    } catch (error) {
      // The provider failed, not the request: 502, with what it said.
      if (error instanceof SpeechSynthesisFailure) throw new HttpError(502, `Failed to generate AI voice response: ${error.message}`);
      throw error;
    }
  }
  try {
    return { audio: (await localSpeech(request.text)).toString('base64'), format: 'wav', provider: 'local' };
  } catch (error) {
    if (error instanceof LocalSpeechMissing) throw new HttpError(503, NO_SPEECH_MESSAGE);
    throw error;
  }
}
