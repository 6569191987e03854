import { db } from '../data/db.js';
import type { Chunk } from './vad-run.js';

/**
 * Audio chunks in the table, where any Lambda instance reads them: chunks waiting for an earlier one
 * (out of order), and the chunks of the utterance being spoken. Both expire by TTL.
 */
const CHUNK_TTL_SECONDS = 10 * 60;
/** The utterance number under which chunks wait for their turn (in seq order). */
const WAITING = -1;
const MAX_RUN = 50;

const ttl = () => Math.floor(Date.now() / 1000) + CHUNK_TTL_SECONDS;

export async function putWaiting(connectionId: string, chunk: Chunk): Promise<void> {
  await db().entities.voiceAudioChunk.put({ connection_id: connectionId, utterance: WAITING, seq: chunk.seq, audio: chunk.audio, ttl: ttl() }).go();
}

/** The waiting chunks that follow `done` without a gap, in order (empty while the next one is still on its way). */
export async function waitingRun(connectionId: string, done: number): Promise<Chunk[]> {
  const { data } = await db()
    .entities.voiceAudioChunk.query.byUtterance({ connection_id: connectionId, utterance: WAITING })
    .gt({ seq: done })
    .go({ consistent: true, limit: MAX_RUN });
  const run: Chunk[] = [];
  for (const chunk of data.sort((a, b) => a.seq - b.seq)) {
    if (chunk.seq !== done + run.length + 1) break;
    run.push({ seq: chunk.seq, audio: chunk.audio });
  }
  return run;
}

export async function dropWaiting(connectionId: string, chunks: Chunk[]): Promise<void> {
  await db().entities.voiceAudioChunk.delete(chunks.map((c) => ({ connection_id: connectionId, utterance: WAITING, seq: c.seq }))).go();
}

/** Keeps chunks of the utterance still being spoken, for the append that ends it. */
export async function keepSpeech(connectionId: string, utterance: number, chunks: Chunk[]): Promise<void> {
  if (!chunks.length) return;
  await db()
    .entities.voiceAudioChunk.put(chunks.map((c) => ({ connection_id: connectionId, utterance, seq: c.seq, audio: c.audio, ttl: ttl() })))
    .go();
}

/** The chunks earlier appends kept for an utterance (see keepSpeech). */
export async function keptSpeech(connectionId: string, utterance: number): Promise<Chunk[]> {
  const { data } = await db().entities.voiceAudioChunk.query.byUtterance({ connection_id: connectionId, utterance }).go({ pages: 'all', consistent: true });
  return data.map((c) => ({ seq: c.seq, audio: c.audio }));
}

/** Removes an utterance's kept chunks once read: nothing reads an utterance twice (its number has moved on). */
export async function dropSpeech(connectionId: string, utterance: number, kept: Chunk[]): Promise<void> {
  if (!kept.length) return;
  await db().entities.voiceAudioChunk.delete(kept.map((c) => ({ connection_id: connectionId, utterance, seq: c.seq }))).go();
}

/** An ended utterance's audio in seq order: the chunks kept before and those of the run that ended it. */
export function utterancePcm(kept: Chunk[], last: Chunk[]): Buffer {
  const inRun = new Set(last.map((c) => c.seq));
  const chunks = [...kept.filter((c) => !inRun.has(c.seq)), ...last].sort((a, b) => a.seq - b.seq);
  return Buffer.concat(chunks.map((c) => Buffer.from(c.audio, 'base64')));
}
