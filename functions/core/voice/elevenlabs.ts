import http from 'node:http';
import https from 'node:https';
import type { VoiceSettings } from '../../contracts/voice.js';

/**
 * ElevenLabs text to speech (`POST /v1/text-to-speech/{voice_id}`), with the assistant's voice
 * settings; ELEVENLABS_BASE_URL points tests at a local fake. Over node:https like the OpenAI client.
 */
export const ELEVENLABS_DEFAULT_BASE_URL = 'https://api.elevenlabs.io';
const TIMEOUT_MS = 15_000;

export const ttsConfigured = () => Boolean(process.env.ELEVENLABS_API_KEY);

export class SpeechSynthesisFailure extends Error {}

/** Spec 000 section 9: the browser plays 24 kHz 16-bit audio; `mp3` for elevenlabs-tts (Voice Test, Play Again). */
export type AudioFormat = 'pcm_24000' | 'mp3_44100_128';

export function synthesize(
  text: string,
  voice: Pick<VoiceSettings, 'voice_id' | 'model_id'> & Partial<Pick<VoiceSettings, 'stability' | 'similarity_boost' | 'style' | 'use_speaker_boost'>>,
  format: AudioFormat = 'pcm_24000',
): Promise<Buffer> {
  const base = (process.env.ELEVENLABS_BASE_URL || ELEVENLABS_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = new URL(`${base}/v1/text-to-speech/${encodeURIComponent(voice.voice_id)}?output_format=${format}`);
  const body = JSON.stringify({
    text,
    model_id: voice.model_id,
    voice_settings: {
      stability: voice.stability ?? 0.5,
      similarity_boost: voice.similarity_boost ?? 0.75,
      style: voice.style ?? 0,
      use_speaker_boost: voice.use_speaker_boost ?? true,
    },
  });
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'http:' ? http : https).request(
      url,
      {
        method: 'POST',
        headers: { 'xi-api-key': process.env.ELEVENLABS_API_KEY ?? '', 'content-type': 'application/json', accept: 'audio/*', 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(new SpeechSynthesisFailure(error.message)));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve(bytes);
          reject(new SpeechSynthesisFailure(`ElevenLabs answered ${status}: ${detailOf(bytes)}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', (error) => reject(new SpeechSynthesisFailure(`ElevenLabs could not be reached: ${error.message}`)));
    request.end(body);
  });
}

function detailOf(bytes: Buffer): string {
  try {
    const json = JSON.parse(bytes.toString('utf8')) as { detail?: { message?: string } | string };
    const detail = typeof json.detail === 'string' ? json.detail : json.detail?.message;
    if (detail) return detail;
  } catch {
    // not JSON
  }
  return bytes.toString('utf8').slice(0, 200) || 'no details';
}
