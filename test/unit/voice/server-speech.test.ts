import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_SETTINGS, type SpeechRequest } from '@contracts/voice';
import { ApiError, type ApiClient } from '@/lib/api';
import { SpeechSynthesisFailed, playServerSpeech } from '@/voice/server-speech';

const { voice_id, model_id } = DEFAULT_VOICE_SETTINGS;
const request: SpeechRequest = { text: 'We open at nine.', voice_id, model_id };

function apiFailingWith(error: Error): ApiClient {
  return {
    request: () => Promise.reject(error),
    getAccount: () => Promise.reject(new Error('unused')),
    refreshSubscription: () => Promise.reject(new Error('unused')),
  };
}

describe('Play Again through the server voice (spec 000 voice toasts)', () => {
  it('tells a failure to make the speech apart, so the screen shows Voice Synthesis Error and not Audio Error', async () => {
    const played = playServerSpeech(apiFailingWith(new ApiError(502, 'ElevenLabs refused the request')), request);
    await expect(played).rejects.toBeInstanceOf(SpeechSynthesisFailed);
    await expect(played).rejects.toThrow('ElevenLabs refused the request');
  });

  it('a server without a voice (503) leaves the speaking to the browser instead of failing', async () => {
    await expect(playServerSpeech(apiFailingWith(new ApiError(503, 'No voice configured')), request)).resolves.toBe('unavailable');
  });
});
