import { transcriptionText } from '../runtime/openai-api.js';
import { wavOf } from './pcm.js';

/** Whether the server can turn speech into text (an OpenAI key); without one the browser's recognition is the way. */
export const transcriptionConfigured = () => Boolean(process.env.OPENAI_API_KEY);

export const NO_TRANSCRIPTION_MESSAGE =
  'Speech heard, but turning it into text on the server needs an OpenAI key (OPENAI_API_KEY), which is not configured. Use a browser with speech recognition, or type your message.';

export class TranscriptionFailure extends Error {}

/** The utterance's words (OpenAI transcription; model from OPENAI_TRANSCRIPTION_MODEL). */
export async function transcribe(pcm: Buffer): Promise<string> {
  try {
    const text = await transcriptionText(
      { model: process.env.OPENAI_TRANSCRIPTION_MODEL || 'gpt-4o-mini-transcribe', file: wavOf(pcm), fileName: 'speech.wav' },
      { apiKey: process.env.OPENAI_API_KEY!, baseURL: process.env.OPENAI_BASE_URL, timeoutMs: 10_000, totalTimeoutMs: 12_000, maxRetries: 1 },
    );
    return text.trim();
  } catch (error) {
    throw new TranscriptionFailure(`Could not transcribe your speech: ${(error as Error).message}`);
  }
}
