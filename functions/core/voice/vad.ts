import type { AudioFrame } from './pcm.js';

/**
 * Energy-based voice activity detection: speech starts after a run of loud frames (a click or a
 * cough is shorter) and stops after a run of quiet ones (the silence threshold: a pause between
 * words is shorter). The state lives in the connection record, so any Lambda instance continues it.
 */
export interface VadState {
  speaking: boolean;
  /** Loud milliseconds in a row while not yet speaking. */
  voicedMs: number;
  /** Quiet milliseconds in a row while speaking. */
  silenceMs: number;
}

export interface VadOptions {
  /** Frame loudness (RMS of full scale) from which a frame counts as voice; about -34 dBFS. */
  energyThreshold: number;
  /** Loud time before speech counts as started. */
  startMs: number;
  /** Quiet time that ends an utterance. */
  silenceMs: number;
}

export const DEFAULT_VAD: VadOptions = { energyThreshold: 0.02, startMs: 100, silenceMs: 700 };
export const INITIAL_VAD: VadState = { speaking: false, voicedMs: 0, silenceMs: 0 };

export type VadEvent = 'speech_started' | 'speech_stopped';

export interface VadStep {
  state: VadState;
  events: VadEvent[];
  /** The chunk holds part of an utterance (store it for transcription). */
  inUtterance: boolean;
}

/** Runs the detector over one chunk's frames (pcm.ts audioFrames), counting each for its length. */
export function stepVad(state: VadState, frames: readonly AudioFrame[], options: VadOptions = DEFAULT_VAD): VadStep {
  let { speaking, voicedMs, silenceMs } = state;
  const events: VadEvent[] = [];
  let inUtterance = speaking;
  for (const { loudness, ms } of frames) {
    const voiced = loudness >= options.energyThreshold;
    if (!speaking) {
      voicedMs = voiced ? voicedMs + ms : 0;
      if (voicedMs >= options.startMs) {
        speaking = true;
        inUtterance = true;
        silenceMs = 0;
        events.push('speech_started');
      }
    } else if (voiced) {
      silenceMs = 0;
    } else {
      silenceMs += ms;
      if (silenceMs >= options.silenceMs) {
        speaking = false;
        voicedMs = 0;
        events.push('speech_stopped');
      }
    }
  }
  return { state: { speaking, voicedMs, silenceMs }, events, inUtterance };
}
