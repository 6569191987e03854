import type { SpeechRequest } from '@contracts/voice';
import { ApiError, type ApiClient } from '@/lib/api';
import { synthesizeSpeech } from '@/lib/voice-api';

/**
 * Voice Test and Play Again through elevenlabs-tts: the chosen ElevenLabs voice where the product has a
 * key (the local espeak-ng stand-in in the local runtime). 'unavailable' when the server has no voice
 * (503), so the caller can let the browser's own voice speak instead.
 */
let playing: HTMLAudioElement | null = null;

/** The server could not make the speech (as opposed to the browser failing to play it): spec 000's 'Voice Synthesis Error'. */
export class SpeechSynthesisFailed extends Error {
  override readonly name = 'SpeechSynthesisFailed';
}

export async function playServerSpeech(api: ApiClient, request: SpeechRequest, onStart?: () => void): Promise<'played' | 'unavailable'> {
  let speech;
  try {
    speech = await synthesizeSpeech(api, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return 'unavailable';
    throw new SpeechSynthesisFailed(error instanceof Error ? error.message : String(error), { cause: error });
  }
  stopServerSpeech();
  const audio = new Audio(`data:${speech.format === 'mp3' ? 'audio/mpeg' : 'audio/wav'};base64,${speech.audio}`);
  playing = audio;
  await new Promise<void>((resolve, reject) => {
    audio.onended = () => resolve();
    // Stopped (paused and cleared by stopServerSpeech) counts as played.
    audio.onemptied = () => resolve();
    audio.onerror = () => reject(new Error('The browser could not play the audio'));
    audio.play().then(onStart, reject);
  });
  if (playing === audio) playing = null;
  return 'played';
}

export const pauseServerSpeech = () => playing?.pause();
export const resumeServerSpeech = () => void playing?.play().catch(() => undefined);

export function stopServerSpeech() {
  const audio = playing;
  playing = null;
  if (!audio) return;
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
}
