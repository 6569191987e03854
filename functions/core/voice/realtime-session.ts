import type { RealtimeSessionResponse } from '../../contracts/voice.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { notFound } from '../http/http-error.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { ttsConfigured } from './elevenlabs.js';
import { issueVoiceSessionToken, newVoiceSession } from './session-token.js';
import { transcriptionConfigured } from './transcription.js';

/** create-realtime-session: the caller may talk to this (active) assistant; the token opens the socket for it. */
export async function createRealtimeSession(caller: Caller, chatbotId: string, now = new Date()): Promise<RealtimeSessionResponse> {
  const [{ chatbot }] = await Promise.all([chatbotFor(caller, chatbotId), loadProviderKeys()]);
  if (chatbot.is_active === false) throw notFound('This assistant is not available');
  const session = newVoiceSession();
  const { value, expiresAt } = await issueVoiceSessionToken({ userId: caller.userId, email: caller.email, chatbotId, session }, now);
  return { client_secret: { value, expires_at: expiresAt }, session, providers: { transcription: transcriptionConfigured(), speech: ttsConfigured() } };
}
