import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tone } from './speech-audio.js';

export interface FakeElevenLabs {
  /** ELEVENLABS_BASE_URL. */
  baseURL: string;
  /** Each text-to-speech request: the voice in the path, the output format, the key and the JSON body. */
  requests: { voiceId: string; format: string; apiKey: string; body: { text: string; model_id: string; voice_settings: Record<string, unknown> } }[];
  /** Milliseconds of audio answered per character of text (a 440 Hz tone stands for the voice). */
  msPerCharacter: number;
  /** Set to fail every request with this status. */
  failWith?: number;
  stop(): Promise<void>;
}

/** A local stand-in for ElevenLabs' `POST /v1/text-to-speech/{voice_id}`: PCM (pcm_24000) or bytes named mp3. */
export async function startFakeElevenLabs(): Promise<FakeElevenLabs> {
  const fake = { requests: [], msPerCharacter: 60 } as unknown as FakeElevenLabs;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
      if (!match || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw || '{}');
      const format = url.searchParams.get('output_format') ?? 'mp3_44100_128';
      fake.requests.push({ voiceId: decodeURIComponent(match[1]!), format, apiKey: String(req.headers['xi-api-key'] ?? ''), body });
      if (fake.failWith) {
        res.writeHead(fake.failWith, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { message: 'fake voice failure' } }));
        return;
      }
      const audio = tone(Math.max(100, String(body.text ?? '').length * fake.msPerCharacter));
      res.writeHead(200, { 'content-type': format.startsWith('pcm') ? 'application/octet-stream' : 'audio/mpeg' }).end(audio);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
