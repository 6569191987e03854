import { randomUUID } from 'node:crypto';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { findConnection } from '../realtime/connections.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { frameLoudness } from './pcm.js';
import { NO_TRANSCRIPTION_MESSAGE, TranscriptionFailure, transcribe, transcriptionConfigured } from './transcription.js';
import { INITIAL_VAD, stepVad, type VadEvent, type VadState } from './vad.js';
import { answerWords, turnCancelled, type BoundConnection, type SendEvent, type SocketPeer } from './voice-turn.js';

/** Audio waits this long for its turn or its end of speech; then TTL removes it. */
const CHUNK_TTL_SECONDS = 10 * 60;
/** Chunks not yet run through detection, in the order of their seq. */
const PENDING = -1;
/** Rounds an append takes part in before its chunk is surely run (each round is one lock attempt). */
const MAX_ROUNDS = 20;
const MAX_RUN = 50;

export const NOT_STARTED_MESSAGE = 'Start the voice chat first: send init with the assistant before speaking.';
export const ODD_AUDIO_MESSAGE = 'Audio must be 16-bit PCM samples (an even number of bytes).';
export const NOTHING_HEARD_MESSAGE = 'I could not make out any words. Please try again.';

const ttl = () => Math.floor(Date.now() / 1000) + CHUNK_TTL_SECONDS;

interface Chunk {
  seq: number;
  audio: string;
}

/** What running a run of chunks through the detector gave: events in order, and where each chunk goes. */
interface Detected {
  state: VadState;
  utterance: number;
  kept: { seq: number; audio: string; utterance: number }[];
  events: { event: VadEvent; utterance: number; turnId?: string }[];
  interrupts: boolean;
  lastTurnId?: string;
}

function detect(chunks: Chunk[], state: VadState, utterance: number, interruptible: boolean): Detected {
  const out: Detected = { state, utterance, kept: [], events: [], interrupts: false };
  for (const chunk of chunks) {
    const step = stepVad(out.state, frameLoudness(Buffer.from(chunk.audio, 'base64')));
    if (step.inUtterance) out.kept.push({ ...chunk, utterance: out.utterance });
    for (const event of step.events) {
      if (event === 'speech_started') {
        if (interruptible) out.interrupts = true;
        out.events.push({ event, utterance: out.utterance });
      } else {
        const turnId = randomUUID();
        out.lastTurnId = turnId;
        out.events.push({ event, utterance: out.utterance, turnId });
        out.utterance += 1;
      }
    }
    out.state = step.state;
  }
  return out;
}

/**
 * `input_audio_buffer.append`. The chunk waits in the table; whichever invocation finds the next
 * chunks in seq order runs them through voice activity detection from the state in the connection
 * record, under an optimistic lock, so concurrent messages on any Lambda instances are taken in
 * order and once. Speech over an answer (interruptions on) cancels its turn; an end of speech answers.
 */
export async function appendAudio(peer: SocketPeer, base64: string, givenSeq: number | undefined, send: SendEvent): Promise<void> {
  if (Buffer.from(base64, 'base64').length % 2 !== 0) return void (await send({ type: 'error', message: ODD_AUDIO_MESSAGE }));
  const connection = await findConnection(peer.connectionId, true);
  if (!connection?.chatbot_id || !connection.voice_session || connection.user_id !== peer.userId) {
    return void (await send({ type: 'error', message: NOT_STARTED_MESSAGE }));
  }
  const seq = givenSeq ?? (await arrivalNumber(peer.connectionId));
  if (seq <= (connection.audio_version ?? 0)) return; // a repeat of a chunk already taken
  await db().entities.voiceAudioChunk.put({ connection_id: peer.connectionId, utterance: PENDING, seq, audio: base64, ttl: ttl() }).go();
  const bound = { chatbotId: connection.chatbot_id, session: connection.voice_session, startedAt: connection.voice_started_at };

  for (let round = 0; round < MAX_ROUNDS; round++) {
    // The first round starts from the record read above (one read fewer per chunk): if another append
    // moved it meanwhile, the conditional write below fails and the next round reads it afresh.
    const current = round === 0 ? connection : await findConnection(peer.connectionId, true);
    if (!current) return;
    const done = current.audio_version ?? 0;
    if (seq <= done) return;
    const { data } = await db()
      .entities.voiceAudioChunk.query.byUtterance({ connection_id: peer.connectionId, utterance: PENDING })
      .gt({ seq: done })
      .go({ consistent: true, limit: MAX_RUN });
    const run: Chunk[] = [];
    for (const chunk of data.sort((a, b) => a.seq - b.seq)) {
      if (chunk.seq !== done + run.length + 1) break;
      run.push({ seq: chunk.seq, audio: chunk.audio });
    }
    // An earlier chunk is still on its way: its own append takes this one along.
    if (!run.length) return;
    const detected = detect(run, (current.vad as VadState | undefined) ?? INITIAL_VAD, current.utterance ?? 0, Boolean(current.turn_id) && current.interrupt !== false);
    const update = db()
      .entities.connection.patch({ connection_id: peer.connectionId })
      .set({ vad: detected.state, audio_version: run.at(-1)!.seq, utterance: detected.utterance, ...(detected.lastTurnId && { turn_id: detected.lastTurnId }) });
    try {
      await (detected.interrupts && !detected.lastTurnId ? update.remove(['turn_id']) : update)
        .where((attr, op) => (done === 0 ? op.notExists(attr.audio_version) : op.eq(attr.audio_version, done)))
        .go();
    } catch (error) {
      if (isConditionalFailure(error)) continue;
      throw error;
    }
    await settle(peer.connectionId, run, detected);
    for (const { event, utterance, turnId } of detected.events) {
      await send({ type: `input_audio_buffer.${event}` });
      // Only the last end of speech of a run is answered: an earlier one was spoken over already.
      if (turnId && turnId === detected.lastTurnId) await answerSpeech(peer, bound, utterance, turnId, send);
    }
  }
}

/** Seq for a chunk sent without one: the order in which the table saw them. */
async function arrivalNumber(connectionId: string): Promise<number> {
  const { data } = await db().entities.connection.update({ connection_id: connectionId }).add({ audio_received: 1 }).go({ response: 'updated_new' });
  return data.audio_received ?? 1;
}

/** Moves the run's speech into its utterances and drops the run from the waiting chunks. */
async function settle(connectionId: string, run: Chunk[], detected: Detected): Promise<void> {
  if (detected.kept.length) {
    await db()
      .entities.voiceAudioChunk.put(detected.kept.map((c) => ({ connection_id: connectionId, utterance: c.utterance, seq: c.seq, audio: c.audio, ttl: ttl() })))
      .go();
  }
  await db().entities.voiceAudioChunk.delete(run.map((c) => ({ connection_id: connectionId, utterance: PENDING, seq: c.seq }))).go();
}

/** The utterance's audio, in order; read once and removed. */
async function takeUtterance(connectionId: string, utterance: number): Promise<{ pcm: Buffer; removed: Promise<unknown> }> {
  const { data } = await db().entities.voiceAudioChunk.query.byUtterance({ connection_id: connectionId, utterance }).go({ pages: 'all', consistent: true });
  const chunks = data.sort((a, b) => a.seq - b.seq);
  // Removed while the words are transcribed: nothing reads an utterance twice (its number has moved on).
  const removed = chunks.length ? db().entities.voiceAudioChunk.delete(chunks.map((c) => ({ connection_id: connectionId, utterance, seq: c.seq }))).go() : Promise.resolve();
  removed.catch(() => undefined);
  return { pcm: Buffer.concat(chunks.map((c) => Buffer.from(c.audio, 'base64'))), removed };
}

/** End of speech: transcribe the utterance (OpenAI) and answer its words like typed ones. */
async function answerSpeech(peer: SocketPeer, bound: BoundConnection, utterance: number, turnId: string, send: SendEvent) {
  const [{ pcm, removed }] = await Promise.all([takeUtterance(peer.connectionId, utterance), loadProviderKeys()]);
  if (!transcriptionConfigured()) return void (await Promise.all([removed, send({ type: 'error', message: NO_TRANSCRIPTION_MESSAGE })]));
  let transcript: string;
  try {
    [transcript] = await Promise.all([transcribe(pcm), removed]);
  } catch (error) {
    if (error instanceof TranscriptionFailure) return void (await send({ type: 'error', message: error.message }));
    throw error;
  }
  if (!transcript) return void (await send({ type: 'error', message: NOTHING_HEARD_MESSAGE }));
  if (await turnCancelled(peer.connectionId, turnId)) return;
  await send({ type: 'conversation.item.input_audio_transcription.completed', transcript });
  await answerWords(peer, bound, transcript, send, turnId);
}
