import type { VoiceClientMessage, VoiceServerEvent } from '../../contracts/voice.js';
import { chatbotFor, type Caller } from '../access/authorize.js';
import { chat } from '../chat/chat-engine.js';
import { OWNER_CHAT_PER_MINUTE } from '../chat/owner-chat.js';
import { enforceLimit } from '../chat/rate-limit.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import { outageMessage } from '../http/http-handler.js';
import { findConnection } from '../realtime/connections.js';
import { dependencyOutage } from '../runtime/dependency-outage.js';
import { log } from '../runtime/log.js';
import { transcriptChunks } from './transcript-chunks.js';

/** Who is on the socket: its connection and the signed-in user the `$connect` authorizer let in. */
export interface SocketPeer {
  connectionId: string;
  userId: string;
  email: string;
}

export type SendEvent = (event: VoiceServerEvent) => Promise<unknown>;

/**
 * The voice conversations' contacts. Not the owner's test-chat prefix (`owner:`): voice conversations
 * are listed in the inbox on the channel 'voice' (issue 16).
 */
export const voiceContactId = (userId: string, session: string) => `voice:${userId}:${session}`;
export const VOICE_CONTACT_NAME = 'Voice User';

/** Talking to an assistant by voice is testing it: the test chat's right (editor or owner). */
const callerOf = (peer: SocketPeer): Caller => ({ userId: peer.userId, email: peer.email, businessName: '', groups: [], action: 'edit' });

export const NOT_STARTED_MESSAGE = 'Start the voice chat first: send init with the assistant before speaking.';
export const ANSWER_FAILED_MESSAGE = 'The assistant could not answer just now. Please try again.';

/** `init`: binds the socket to an assistant the caller may talk to, and to this voice conversation. */
async function init(peer: SocketPeer, message: Extract<VoiceClientMessage, { type: 'init' }>, send: SendEvent) {
  await chatbotFor(callerOf(peer), message.chatbot);
  await db()
    .entities.connection.patch({ connection_id: peer.connectionId })
    .set({ chatbot_id: message.chatbot, voice_session: message.session })
    .go();
  await send({ type: 'session.created', chatbot: message.chatbot, session: message.session });
}

/**
 * One turn from words: what the browser's speech recognition heard (or the visitor typed) goes through
 * the same chat engine as text, stored on the channel 'voice'; the answer comes back as the spec's
 * transcript events (the browser speaks it with its own synthesis when no voice provider is keyed).
 */
async function textTurn(peer: SocketPeer, message: Extract<VoiceClientMessage, { type: 'input_text' }>, send: SendEvent) {
  const connection = await findConnection(peer.connectionId);
  if (!connection?.chatbot_id || !connection.voice_session || connection.user_id !== peer.userId) {
    await send({ type: 'error', message: NOT_STARTED_MESSAGE });
    return;
  }
  if (message.spoken) await send({ type: 'conversation.item.input_audio_transcription.completed', transcript: message.text });
  const outcome = await chat({
    chatbotId: connection.chatbot_id,
    contactId: voiceContactId(peer.userId, connection.voice_session),
    contactName: VOICE_CONTACT_NAME,
    message: message.text,
    caller: callerOf(peer),
    channel: 'voice',
    countTurn: () => enforceLimit(`chat:owner:${peer.userId}`, OWNER_CHAT_PER_MINUTE, 'Too many voice messages right now.'),
  });
  if ('error' in outcome) {
    await send({ type: 'error', message: outcome.error });
    return;
  }
  for (const delta of transcriptChunks(outcome.message)) await send({ type: 'response.audio_transcript.delta', delta });
  await send({ type: 'response.audio_transcript.done', transcript: outcome.message, conversationId: outcome.conversationId });
}

/** Runs one voice message; whatever goes wrong reaches the browser as an `error` event it can show. */
export async function handleVoiceMessage(peer: SocketPeer, message: VoiceClientMessage, send: SendEvent): Promise<void> {
  try {
    if (message.type === 'init') await init(peer, message, send);
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
