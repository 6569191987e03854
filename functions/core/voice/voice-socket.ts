import type { VoiceClientMessage } from '../../contracts/voice.js';
import { chatbotFor } from '../access/authorize.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { outageMessage } from '../http/http-handler.js';
import { findConnection } from '../realtime/connections.js';
import { dependencyOutage } from '../runtime/dependency-outage.js';
import { log } from '../runtime/log.js';
import { NOT_STARTED_MESSAGE, appendAudio } from './voice-audio.js';
import { beginVoiceSession, endVoiceSession, sessionKeyOf } from './voice-sessions.js';
import { voiceSettingsOf } from './voice-settings.js';
import { answerWords, callerOf, type SendEvent, type SocketPeer } from './voice-turn.js';

export { NOT_STARTED_MESSAGE } from './voice-audio.js';
export type { SendEvent, SocketPeer } from './voice-turn.js';

export const ANSWER_FAILED_MESSAGE = 'The assistant could not answer just now. Please try again.';
export const OTHER_ASSISTANT_MESSAGE = 'This voice session was created for another assistant. Start the voice chat again.';
export const SESSION_NEEDED_MESSAGE = 'init needs a session id on a socket opened without a voice session token.';

/**
 * `init`: binds the socket to an assistant the caller may talk to and to this voice conversation. A
 * socket opened with create-realtime-session's token is bound to that token's assistant already.
 */
async function init(peer: SocketPeer, message: Extract<VoiceClientMessage, { type: 'init' }>, send: SendEvent) {
  const connection = await findConnection(peer.connectionId, true);
  if (connection?.session_bound && connection.chatbot_id !== message.chatbot) return void (await send({ type: 'error', message: OTHER_ASSISTANT_MESSAGE }));
  const session = connection?.session_bound ? connection.voice_session : message.session;
  if (!session) return void (await send({ type: 'error', message: SESSION_NEEDED_MESSAGE }));
  const { chatbot } = await chatbotFor(callerOf(peer), message.chatbot);
  const previous = sessionKeyOf(connection);
  // A repeated init continues its session; another session on the same socket ends the one before.
  const same = previous && previous.session === session && previous.chatbotId === message.chatbot;
  if (previous && !same) await endVoiceSession(previous);
  const key = same ? previous : await beginVoiceSession(message.chatbot, session, peer.userId);
  await db()
    .entities.connection.patch({ connection_id: peer.connectionId })
    .set({ chatbot_id: message.chatbot, voice_session: session, voice_started_at: key.startedAt, interrupt: voiceSettingsOf(chatbot).interrupt_enabled })
    .go();
  await send({ type: 'session.created', chatbot: message.chatbot, session });
}

/**
 * One turn from words: what the browser's speech recognition heard (or the visitor typed) goes through
 * the same chat engine as speech the server transcribes.
 */
async function textTurn(peer: SocketPeer, message: Extract<VoiceClientMessage, { type: 'input_text' }>, send: SendEvent) {
  const connection = await findConnection(peer.connectionId, true);
  if (!connection?.chatbot_id || !connection.voice_session || connection.user_id !== peer.userId) {
    return void (await send({ type: 'error', message: NOT_STARTED_MESSAGE }));
  }
  const told = message.spoken ? send({ type: 'conversation.item.input_audio_transcription.completed', transcript: message.text }) : undefined;
  await answerWords(peer, { chatbotId: connection.chatbot_id, session: connection.voice_session, startedAt: connection.voice_started_at }, message.text, send, { told });
}

/** Runs one voice message; whatever goes wrong reaches the browser as an `error` event it can show. */
export async function handleVoiceMessage(peer: SocketPeer, message: VoiceClientMessage, send: SendEvent): Promise<void> {
  try {
    if (message.type === 'init') await init(peer, message, send);
    else if (message.type === 'input_audio_buffer.append') await appendAudio(peer, message.audio, message.seq, send);
    else await textTurn(peer, message, send);
  } catch (error) {
    if (error instanceof HttpError) return void (await send({ type: 'error', message: error.message }));
    const dependency = dependencyOutage(error);
    if (dependency) {
      log.error('Dependency unavailable during a voice turn', { dependency, error });
      return void (await send({ type: 'error', message: outageMessage(dependency) }));
    }
    log.error('Voice message failed', { type: message.type, error });
    await send({ type: 'error', message: ANSWER_FAILED_MESSAGE });
  }
}
