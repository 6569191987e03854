import { describe, expect, it } from 'vitest';
import { audioFrames } from '../../../functions/core/voice/pcm.js';
import { INITIAL_VAD, stepVad, type VadEvent, type VadState } from '../../../functions/core/voice/vad.js';
import { recorderChunks, roomNoise, silence, spoken, tone } from '../../support/speech-audio.js';

/** Feeds audio through the detector as the recorder's chunks, as the socket receives it. */
function detect(pcm: Buffer): { events: VadEvent[]; state: VadState } {
  let state = INITIAL_VAD;
  const events: VadEvent[] = [];
  for (const chunk of recorderChunks(pcm)) {
    const step = stepVad(state, audioFrames(chunk));
    state = step.state;
    events.push(...step.events);
  }
  return { events, state };
}

describe('voice activity detection on audio', () => {
  it('hears nothing in silence or in quiet room noise', () => {
    expect(detect(silence(3000)).events).toEqual([]);
    expect(detect(roomNoise(3000)).events).toEqual([]);
  });

  it('takes a tone followed by silence as one utterance: started, then stopped after the silence threshold', () => {
    expect(detect(Buffer.concat([silence(500), tone(1000), silence(1000)])).events).toEqual(['speech_started', 'speech_stopped']);
  });

  it('is still listening while the silence after speech is shorter than the threshold', () => {
    const { events, state } = detect(Buffer.concat([tone(800), silence(300)]));
    expect(events).toEqual(['speech_started']);
    expect(state.speaking).toBe(true);
  });

  it('counts the silence by its length: quiet recorder chunks (4096 samples, 171 ms) end speech once 700 ms have passed', () => {
    const chunkMs = (4096 / 24_000) * 1000;
    expect(detect(Buffer.concat([tone(3 * chunkMs), silence(4 * chunkMs)])).events).toEqual(['speech_started']);
    expect(detect(Buffer.concat([tone(3 * chunkMs), silence(5 * chunkMs)])).events).toEqual(['speech_started', 'speech_stopped']);
  });

  it('ignores a click shorter than the start time', () => {
    expect(detect(Buffer.concat([silence(500), tone(40), silence(1500)])).events).toEqual([]);
  });

  it('takes a spoken sentence (espeak-ng) as one utterance despite the pauses between its words', () => {
    const sentence = spoken('What are your opening hours on Saturday?');
    expect(detect(Buffer.concat([silence(400), sentence, silence(1200)])).events).toEqual(['speech_started', 'speech_stopped']);
  });

  it('takes two sentences with a long pause between them as two utterances', () => {
    const pcm = Buffer.concat([spoken('Hello there.'), silence(1500), spoken('Do you bake rye bread?'), silence(1200)]);
    expect(detect(pcm).events).toEqual(['speech_started', 'speech_stopped', 'speech_started', 'speech_stopped']);
  });
});
