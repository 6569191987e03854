/** Spec 000 section 9: audio is 24 kHz mono PCM16 (little-endian) both ways. */
export const SAMPLE_RATE = 24_000;
export const BYTES_PER_SAMPLE = 2;
/** Voice activity is judged on 20 ms frames. */
export const FRAME_MS = 20;
const FRAME_SAMPLES = (SAMPLE_RATE * FRAME_MS) / 1000;

export interface AudioFrame {
  /** Root mean square, 0 to 1 of full scale. */
  loudness: number;
  ms: number;
}

/** Each 20 ms frame's loudness; a last partial frame counts too, for its own length. */
export function audioFrames(pcm: Buffer): AudioFrame[] {
  const samples = Math.floor(pcm.length / BYTES_PER_SAMPLE);
  const frames: AudioFrame[] = [];
  for (let start = 0; start < samples; start += FRAME_SAMPLES) {
    const end = Math.min(start + FRAME_SAMPLES, samples);
    let sum = 0;
    for (let i = start; i < end; i++) {
      const s = pcm.readInt16LE(i * BYTES_PER_SAMPLE) / 32768;
      sum += s * s;
    }
    frames.push({ loudness: Math.sqrt(sum / (end - start)), ms: ((end - start) / SAMPLE_RATE) * 1000 });
  }
  return frames;
}

/** Loudness of each 20 ms frame (audioFrames without their lengths). */
export const frameLoudness = (pcm: Buffer): number[] => audioFrames(pcm).map((frame) => frame.loudness);

/** Milliseconds of audio in `bytes` of PCM16 at 24 kHz. */
export const durationMs = (bytes: number) => (bytes / BYTES_PER_SAMPLE / SAMPLE_RATE) * 1000;

/** The PCM wrapped as a WAV file (what the transcription API takes as an upload). */
export function wavOf(pcm: Buffer, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
