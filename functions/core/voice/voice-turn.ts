import { VOICE_CONTACT_PREFIX } from '../chat/owner-contact.js';
import type { ChatResponse } from '../../contracts/chat.js';
import type { VoiceServerEvent } from '../../contracts/voice.js';
import type { ReplyOutcome } from '../analytics/chat-turn-analytics.js';
import type { Caller } from '../access/authorize.js';
import { chat } from '../chat/chat-engine.js';
import { speechText } from '../chat/surface-text.js';
import { OWNER_CHAT_PER_MINUTE } from '../chat/owner-chat.js';
import { enforceLimit } from '../chat/rate-limit.js';
import { db } from '../data/db.js';
import { findConnection } from '../realtime/connections.js';
import { log } from '../runtime/log.js';
import { audioDeltas } from './audio-frames.js';
import { SpeechSynthesisFailure, synthesize, ttsConfigured } from './elevenlabs.js';
import { transcriptChunks } from './transcript-chunks.js';
import { recordVoiceTurn } from './voice-sessions.js';
import { voiceSettingsOf } from './voice-settings.js';

/** Who is on the socket: its connection and the signed-in user the `$connect` authorizer let in. */
export interface SocketPeer {
  connectionId: string;
  userId: string;
  email: string;
}

export type SendEvent = (event: VoiceServerEvent) => Promise<unknown>;

/** A socket bound to an assistant and a voice conversation (by init or by its session token). */
export interface BoundConnection {
  chatbotId: string;
  session: string;
  /** When the session began (its analytics record's key); absent on a socket that never sent init. */
  startedAt?: string;
}

/**
 * The voice conversations' contacts: the owner's or a team member's own tests on the Voice AI screen,
 * stored on the channel 'voice' and, like the typed test chat, kept out of the inbox and the analytics
 * (issue 30: they showed in the customer inbox as 'Voice User' and raised the Contacts badge).
 */
export const voiceContactId = (userId: string, session: string) => `${VOICE_CONTACT_PREFIX}${userId}:${session}`;
export const VOICE_CONTACT_NAME = 'Voice User';

/** Talking to an assistant by voice is testing it: the test chat's right (editor or owner). */
export const callerOf = (peer: SocketPeer): Caller => ({ userId: peer.userId, email: peer.email, businessName: '', groups: [], action: 'edit' });

/** An interruption (speech over the answer) replaced or cleared the connection's turn. */
export async function turnCancelled(connectionId: string, turnId: string | undefined): Promise<boolean> {
  if (!turnId) return false;
  const connection = await findConnection(connectionId, true);
  return connection?.turn_id !== turnId;
}

/** A turn of an utterance: what cancels it (see turnCancelled), and the sending of its transcript, which goes first. */
export interface TurnOptions {
  turnId?: string;
  told?: Promise<unknown>;
}

/**
 * Answers words through the same chat engine as text (stored on the channel 'voice'), streamed as the
 * spec's events: a transcript delta per sentence and, with an ElevenLabs key, that sentence's audio in
 * frames API Gateway accepts; the turn stops where an interruption cancelled it.
 */
export async function answerWords(peer: SocketPeer, bound: BoundConnection, text: string, send: SendEvent, { turnId, told }: TurnOptions = {}): Promise<void> {
  // The assistant's voice is read, and the visitor's words sent, while the engine answers.
  const voice = ttsConfigured() ? assistantVoice(bound.chatbotId) : Promise.resolve(undefined);
  voice.catch(() => undefined); // awaited once the answer exists
  told?.catch(() => undefined); // awaited before anything else is sent
  let replyOutcome: ReplyOutcome | undefined;
  let outcome: Awaited<ReturnType<typeof chat>>;
  try {
    outcome = await chat({
      chatbotId: bound.chatbotId,
      contactId: voiceContactId(peer.userId, bound.session),
      contactName: VOICE_CONTACT_NAME,
      message: text,
      caller: callerOf(peer),
      channel: 'voice',
      countTurn: () => enforceLimit(`chat:owner:${peer.userId}`, OWNER_CHAT_PER_MINUTE, 'Too many voice messages right now.'),
      onReplyOutcome: (outcome) => (replyOutcome = outcome),
    });
  } finally {
    await told;
  }
  if ('error' in outcome) return void (await send({ type: 'error', message: outcome.error }));
  // Counted once the answer exists (a person taking over answers nothing: a turn all the same), while it is spoken.
  const key = bound.startedAt && { chatbotId: bound.chatbotId, session: bound.session, startedAt: bound.startedAt };
  await Promise.all([key && recordVoiceTurn(key, replyOutcome), speak(peer, bound.chatbotId, outcome, send, turnId, voice)]);
}

type Voice = Awaited<ReturnType<typeof assistantVoice>>;

/**
 * The answer as transcript deltas and, with a voice provider, audio; stops where an interruption
 * cancelled the turn. A sentence is synthesised while its transcript delta (and the sentence before's
 * audio) is sent.
 */
async function speak(peer: SocketPeer, chatbotId: string, outcome: ChatResponse, send: SendEvent, turnId: string | undefined, voicePromise: Promise<Voice | undefined>): Promise<void> {
  const [cancelled, voice] = await Promise.all([turnCancelled(peer.connectionId, turnId), voicePromise]);
  if (cancelled) return;

  // Spoken (and shown as spoken): no address read out, no markdown.
  const spokenText = speechText(outcome.message);
  const sentences = transcriptChunks(spokenText);
  const synthesis = (index: number) => {
    if (!voice || index >= sentences.length) return undefined;
    const audio = synthesize(sentences[index]!, voice);
    audio.catch(() => undefined); // awaited in its turn below
    return audio;
  };
  let next = synthesis(0);
  let spoken = false;
  for (const [index, sentence] of sentences.entries()) {
    if (spoken && (await turnCancelled(peer.connectionId, turnId))) return;
    const audio = next;
    await send({ type: 'response.audio_transcript.delta', delta: sentence });
    if (!audio) continue;
    try {
      const deltas = audioDeltas(await audio);
      next = synthesis(index + 1);
      for (const delta of deltas) await send({ type: 'response.audio.delta', delta });
      spoken = true;
    } catch (error) {
      if (!(error instanceof SpeechSynthesisFailure)) throw error;
      log.error('Text to speech failed', { chatbotId, error: error.message });
      await send({ type: 'error', message: `Failed to generate AI voice response: ${error.message}` });
      break;
    }
  }
  if (spoken) await send({ type: 'response.audio.done' });
  await send({ type: 'response.audio_transcript.done', transcript: spokenText, conversationId: outcome.conversationId });
}

async function assistantVoice(chatbotId: string) {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go({ attributes: ['voice_settings'] });
  return voiceSettingsOf(data ?? {});
}
