import { spawn } from 'node:child_process';
import { wavOf } from './pcm.js';

/**
 * The local stand-in for ElevenLabs where no key is configured: Debian's espeak-ng, on the machine that
 * runs the local runtime (Lambda has no espeak-ng, so on AWS this finds none and says so).
 */
const TIMEOUT_MS = 10_000;

/** espeak-ng's rate in words per minute for the assistant's response speed. */
const WORDS_PER_MINUTE = 165;

export class LocalSpeechMissing extends Error {}

/** `text` spoken as a WAV file, or LocalSpeechMissing when espeak-ng is not installed. */
export function localSpeech(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The text goes in on stdin: as an argument, a text starting with '-' would be read as an option.
    const child = spawn('espeak-ng', ['--stdin', '--stdout', '-s', String(WORDS_PER_MINUTE)], { timeout: TIMEOUT_MS });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new LocalSpeechMissing('espeak-ng is not installed') : error),
    );
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}`));
      resolve(rewrapped(Buffer.concat(chunks)));
    });
    child.stdin.end(text);
  });
}

/**
 * espeak-ng writing to a pipe cannot go back to fill in the data size (it leaves 0 or 0xFFFFFFFF),
 * which browsers refuse: the samples are wrapped again under a correct header.
 */
function rewrapped(wav: Buffer): Buffer {
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length && wav.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4);
  const data = wav.subarray(offset + 8);
  return wavOf(data.subarray(0, data.length & ~1), rate);
}
