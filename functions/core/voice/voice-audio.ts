import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { findConnection } from '../realtime/connections.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { dropSpeech, dropWaiting, keepSpeech, keptSpeech, putWaiting, utterancePcm, waitingRun } from './audio-chunks.js';
import { NO_TRANSCRIPTION_MESSAGE, TranscriptionFailure, transcribe, transcriptionConfigured } from './transcription.js';
import { INITIAL_VAD, type VadState } from './vad.js';
import { detectRun, type Chunk, type Detected } from './vad-run.js';
import { answerWords, turnCancelled, type BoundConnection, type SendEvent, type SocketPeer } from './voice-turn.js';

/** Rounds an append takes part in (each one lock attempt, or one look for chunks that waited for it). */
const MAX_ROUNDS = 20;

export const NOT_STARTED_MESSAGE = 'Start the voice chat first: send init with the assistant before speaking.';
export const ODD_AUDIO_MESSAGE = 'Audio must be 16-bit PCM samples (an even number of bytes).';
export const NOTHING_HEARD_MESSAGE = 'I could not make out any words. Please try again.';

/** What detection reads and writes in the connection record: the lock (audio_version) and its state. */
interface AudioState {
  audio_version?: number;
  vad?: unknown;
  utterance?: number;
  turn_id?: string;
  interrupt?: boolean;
}

/**
 * `input_audio_buffer.append`. Chunks are run through voice activity detection in seq order, from the
 * state in the connection record, under an optimistic lock on it (audio_version), so concurrent messages
 * on any Lambda instances are taken in order and once. The next chunk in order (the usual case) runs at
 * once; one that arrives early waits in the table for the append of the chunk before it, which looks for
 * waiting chunks after moving the lock. Speech over an answer (interruptions on) cancels its turn; an end
 * of speech answers.
 */
export async function appendAudio(peer: SocketPeer, base64: string, givenSeq: number | undefined, send: SendEvent): Promise<void> {
  if (Buffer.from(base64, 'base64').length % 2 !== 0) return void (await send({ type: 'error', message: ODD_AUDIO_MESSAGE }));
  const connection = await findConnection(peer.connectionId, true);
  if (!connection?.chatbot_id || !connection.voice_session || connection.user_id !== peer.userId) {
    return void (await send({ type: 'error', message: NOT_STARTED_MESSAGE }));
  }
  const seq = givenSeq ?? (await arrivalNumber(peer.connectionId));
  if (seq <= (connection.audio_version ?? 0)) return; // a repeat of a chunk already taken
  const bound = { chatbotId: connection.chatbot_id, session: connection.voice_session, startedAt: connection.voice_started_at };
  const chunk = { seq, audio: base64 };

  let state: AudioState | undefined = connection;
  /** The chunks to run next; `waited` says they are in the table (removed once run). */
  let run: Chunk[] | undefined;
  let waited = false;
  if (seq === (connection.audio_version ?? 0) + 1) run = [chunk];
  else state = await wait(peer.connectionId, chunk);

  const answers: Promise<void>[] = [];
  try {
    for (let round = 0; round < MAX_ROUNDS && state; round++) {
      const done = state.audio_version ?? 0;
      if (!run) {
        run = await waitingRun(peer.connectionId, done);
        waited = true;
        // The chunk after `done` is still on its way: its own append carries on from here.
        if (!run.length) return;
      }
      const detected = detectRun(run, (state.vad as VadState | undefined) ?? INITIAL_VAD, state.utterance ?? 0, Boolean(state.turn_id) && state.interrupt !== false);
      // An ended utterance's earlier chunks were kept before the lock moved to what was read above: read
      // while the lock moves (and used only if it does).
      const earlier = detected.ended && keptSpeech(peer.connectionId, detected.ended.utterance);
      earlier?.catch(() => undefined);
      try {
        // Kept before the lock moves on: the append that ends the utterance reads them after it has.
        await keepSpeech(peer.connectionId, detected.utterance, detected.open);
        state = await moveLock(peer.connectionId, state, run.at(-1)!.seq, detected);
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
        // Another append moved the lock meanwhile: carry on from what it wrote. A chunk that was run only
        // in memory and was not taken by it waits in the table like an early one.
        const moved = (await findConnection(peer.connectionId, true)) ?? undefined;
        state = !waited && moved && seq > (moved.audio_version ?? 0) ? await wait(peer.connectionId, chunk) : moved;
        run = undefined;
        continue;
      }
      const dropped = waited ? dropWaiting(peer.connectionId, run) : undefined;
      const announced = sendInOrder(detected, send);
      if (detected.ended && earlier) {
        const answer = answerSpeech(peer, bound, { ...detected.ended, earlier }, send, announced);
        answer.catch(() => undefined); // awaited below, after the rounds; rejected meanwhile is not unhandled
        answers.push(answer);
      }
      await Promise.all([announced, dropped]);
      run = undefined;
    }
  } finally {
    await Promise.all(answers);
  }
}

/** An early chunk waits in the table; returns the connection's state as it is after that. */
async function wait(connectionId: string, chunk: Chunk): Promise<AudioState | undefined> {
  await putWaiting(connectionId, chunk);
  // Read after the write: either this read sees the lock moved up to the chunk before, or the append
  // that moves it finds this chunk waiting when it looks afterwards.
  return (await findConnection(connectionId, true)) ?? undefined;
}

/** Writes the detector's state if no other append moved the lock since `state` was read; returns the new state. */
async function moveLock(connectionId: string, state: AudioState, version: number, detected: Detected): Promise<AudioState> {
  const done = state.audio_version ?? 0;
  const turnId = detected.ended?.turnId;
  const update = db()
    .entities.connection.patch({ connection_id: connectionId })
    .set({ vad: detected.state, audio_version: version, utterance: detected.utterance, ...(turnId && { turn_id: turnId }) });
  const stopsTurn = detected.interrupts && !turnId;
  await (stopsTurn ? update.remove(['turn_id']) : update)
    .where((attr, op) => (done === 0 ? op.notExists(attr.audio_version) : op.eq(attr.audio_version, done)))
    .go();
  return { ...state, audio_version: version, vad: detected.state, utterance: detected.utterance, turn_id: turnId ?? (stopsTurn ? undefined : state.turn_id) };
}

async function sendInOrder(detected: Detected, send: SendEvent): Promise<void> {
  for (const event of detected.events) await send({ type: `input_audio_buffer.${event}` });
}

/** Seq for a chunk sent without one: the order in which the table saw them. */
async function arrivalNumber(connectionId: string): Promise<number> {
  const { data } = await db().entities.connection.update({ connection_id: connectionId }).add({ audio_received: 1 }).go({ response: 'updated_new' });
  return data.audio_received ?? 1;
}

/**
 * End of speech: transcribe the utterance (OpenAI) and answer its words like typed ones. Its audio is
 * transcribed while `announced` (speech_stopped) is being sent; nothing is sent before that.
 */
async function answerSpeech(
  peer: SocketPeer,
  bound: BoundConnection,
  ended: NonNullable<Detected['ended']> & { earlier: Promise<Chunk[]> },
  send: SendEvent,
  announced: Promise<void>,
) {
  const [kept] = await Promise.all([ended.earlier, loadProviderKeys()]);
  const removed = dropSpeech(peer.connectionId, ended.utterance, kept);
  removed.catch(() => undefined); // awaited below
  const words = transcriptionConfigured() ? transcribe(utterancePcm(kept, ended.chunks)) : undefined;
  words?.catch(() => undefined); // awaited below, once speech_stopped is out
  await Promise.all([announced, removed]);
  if (!words) return void (await send({ type: 'error', message: NO_TRANSCRIPTION_MESSAGE }));
  let transcript: string;
  try {
    transcript = await words;
  } catch (error) {
    if (error instanceof TranscriptionFailure) return void (await send({ type: 'error', message: error.message }));
    throw error;
  }
  if (!transcript) return void (await send({ type: 'error', message: NOTHING_HEARD_MESSAGE }));
  if (await turnCancelled(peer.connectionId, ended.turnId)) return;
  const told = send({ type: 'conversation.item.input_audio_transcription.completed', transcript });
  await answerWords(peer, bound, transcript, send, { turnId: ended.turnId, told });
}
