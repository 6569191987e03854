import { randomUUID } from 'node:crypto';
import { audioFrames } from './pcm.js';
import { stepVad, type VadEvent, type VadState } from './vad.js';

export interface Chunk {
  seq: number;
  audio: string;
}

/** What running a run of chunks through the detector gave: events in order, and where each chunk goes. */
export interface Detected {
  state: VadState;
  /** The utterance the audio after the run belongs to. */
  utterance: number;
  /** Chunks of the utterance still open after the run: stored for the append that ends it. */
  open: Chunk[];
  /** The chunks of the last utterance that ended in the run: only this invocation answers it. */
  ended?: { utterance: number; turnId: string; chunks: Chunk[] };
  events: VadEvent[];
  /** Speech started over an answer being given (interruptions on): its turn stops. */
  interrupts: boolean;
}

/** Runs chunks (consecutive, in seq order) through voice activity detection, from the connection's state. */
export function detectRun(chunks: Chunk[], state: VadState, utterance: number, interruptible: boolean): Detected {
  const out: Detected = { state, utterance, open: [], events: [], interrupts: false };
  for (const chunk of chunks) {
    const step = stepVad(out.state, audioFrames(Buffer.from(chunk.audio, 'base64')));
    if (step.inUtterance) out.open.push(chunk);
    for (const event of step.events) {
      out.events.push(event);
      if (event === 'speech_started') {
        if (interruptible) out.interrupts = true;
      } else {
        // An earlier end of speech in the same run was spoken over already: only the last is answered.
        out.ended = { utterance: out.utterance, turnId: randomUUID(), chunks: out.open };
        out.open = [];
        out.utterance += 1;
      }
    }
    out.state = step.state;
  }
  return out;
}
