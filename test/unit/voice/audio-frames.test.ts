import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, audioDeltas } from '../../../functions/core/voice/audio-frames.js';
import { tone } from '../../support/speech-audio.js';

describe('framing audio for the socket', () => {
  it("cuts 5 s of speech into deltas whose events each fit API Gateway's 32 KB frame, and loses no byte", () => {
    const pcm = tone(5000);
    const deltas = audioDeltas(pcm);
    expect(deltas.length).toBeGreaterThan(1);
    for (const delta of deltas) {
      const event = JSON.stringify({ type: 'response.audio.delta', delta });
      expect(Buffer.byteLength(event)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    }
    expect(Buffer.concat(deltas.map((d) => Buffer.from(d, 'base64'))).equals(pcm)).toBe(true);
  });

  it('keeps whole samples in every delta, so each plays on its own', () => {
    for (const delta of audioDeltas(tone(2000), 4096)) expect(Buffer.from(delta, 'base64').length % 2).toBe(0);
  });

  it('sends short audio as one delta, and nothing for no audio', () => {
    expect(audioDeltas(tone(100))).toHaveLength(1);
    expect(audioDeltas(Buffer.alloc(0))).toEqual([]);
  });
});
