import { execFileSync } from 'node:child_process';

/** Test audio as the browser sends it: 24 kHz mono PCM16 little-endian. */
const RATE = 24_000;

export function silence(ms: number): Buffer {
  return Buffer.alloc(Math.round((RATE * ms) / 1000) * 2);
}

/** A sine tone at `amplitude` of full scale. */
export function tone(ms: number, hz = 440, amplitude = 0.3): Buffer {
  const samples = Math.round((RATE * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / RATE) * amplitude * 32767), i * 2);
  return pcm;
}

/** Quiet noise (a room), well below speech. */
export function roomNoise(ms: number, amplitude = 0.003): Buffer {
  const samples = Math.round((RATE * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  let seed = 7;
  for (let i = 0; i < samples; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pcm.writeInt16LE(Math.round(((seed / 0x7fffffff) * 2 - 1) * amplitude * 32767), i * 2);
  }
  return pcm;
}

/** `text` spoken by Debian's espeak-ng, resampled from its 22,050 Hz to 24 kHz. */
export function spoken(text: string): Buffer {
  const wav = execFileSync('espeak-ng', ['--stdout', '-s', '160', text]);
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length && wav.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4);
  // espeak-ng writing to a pipe leaves the data size unknown (0 or 0xFFFFFFFF): read to the end.
  const data = wav.subarray(offset + 8);
  const input = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1)));
  const outLength = Math.floor((input.length * RATE) / rate);
  const out = Buffer.alloc(outLength * 2);
  for (let i = 0; i < outLength; i++) {
    const at = (i * rate) / RATE;
    const j = Math.floor(at);
    const a = input[j] ?? 0;
    const b = input[j + 1] ?? a;
    out.writeInt16LE(Math.round(a + (b - a) * (at - j)), i * 2);
  }
  return out;
}

/** The audio as the browser's recorder sends it: chunks of 4096 samples (spec 000 section 9). */
export function recorderChunks(pcm: Buffer, samples = 4096): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < pcm.length; start += samples * 2) chunks.push(pcm.subarray(start, start + samples * 2));
  return chunks;
}
