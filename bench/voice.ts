/**
 * Voice figures (issue 16), against the local runtime with instant fakes of OpenAI (transcription and
 * answer) and ElevenLabs:
 * - `voice turn server p50`: from the audio chunk that ends an utterance (its silence passes the
 *   threshold) to the first `response.audio.delta` frame at the client; budget 250 ms. The chunks before
 *   it are sent as the browser's recorder sends them (one per 171 ms), so the figure is that chunk's turn,
 *   not a backlog of chunks sent all at once. Stage p50s (from the arrival of each event) show where the
 *   time goes.
 * - `voice socket frames per second per connection`: 24 KB audio frames pushed through @connections to one socket.
 */
import './silent-logs.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { connectionsOfUser } from '../functions/core/realtime/connections.js';
import { postToConnection } from '../functions/core/realtime/post-to-connection.js';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../local/sample-site.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { startFakeElevenLabs } from '../test/support/fake-elevenlabs.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import { recorderChunks, silence, tone } from '../test/support/speech-audio.js';

const TURNS = 30;
const FRAMES = 500;
/** 4096 samples at 24 kHz: 3 chunks of voice, then 4 quiet ones (683 ms, under the 700 ms threshold); the 5th ends the utterance. */
const CHUNK_MS = (4096 / 24_000) * 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const openai = await startFakeOpenAi();
  const elevenlabs = await startFakeElevenLabs();
  openai.transcript = { text: 'What are your opening hours?' };
  openai.reply = { text: 'We are open Tuesday to Friday.' };
  elevenlabs.msPerCharacter = 5;
  Object.assign(process.env, {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: openai.baseURL,
    ELEVENLABS_API_KEY: 'xi-bench',
    ELEVENLABS_BASE_URL: elevenlabs.baseURL,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-voice-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none' });
  const site = await startFixtureSite({ pages: 5, hangingPage: false });
  try {
    const user = await signUpAndSignIn(runtime.config, 'Voice Bench');
    const owner = apiClient(runtime.apiUrl, user.idToken);
    const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(owner, chatbotId);
    const { body } = await owner.post(`/chatbots/${chatbotId}/realtime-session`);
    const socket = new WebSocket(`${runtime.realtimeUrl}?token=${encodeURIComponent(body.client_secret.value)}`);
    const waiting = new Map<string, () => void>();
    // A turn that fails says why instead of leaving the bench waiting for audio that never comes.
    const failing = new Set<(error: Error) => void>();
    let frames = 0;
    // When each event of the turn arrived: the stages between them show where the time goes.
    const arrived = new Map<string, number>();
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as { type: string };
      if (!arrived.has(event.type)) arrived.set(event.type, performance.now());
      if (event.type === 'frame') frames++;
      if (event.type === 'error') for (const fail of failing) fail(new Error(`The turn failed: ${(event as { message?: string }).message}`));
      waiting.get(event.type)?.();
      waiting.delete(event.type);
    });
    await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
    const next = (type: string) =>
      new Promise<void>((resolve, reject) => {
        waiting.set(type, resolve);
        failing.add(reject);
        setTimeout(() => reject(new Error(`No ${type} within 60 s`)), 60_000).unref();
      });
    const created = next('session.created');
    socket.send(JSON.stringify({ type: 'init', chatbot: chatbotId, ephemeralKey: body.client_secret.value }));
    await created;

    const chunks = recorderChunks(Buffer.concat([tone(3 * CHUNK_MS), silence(5 * CHUNK_MS)]));
    let seq = 0;
    const send = (chunk: Buffer) => socket.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: chunk.toString('base64'), seq: ++seq }));
    const times: number[] = [];
    const STAGES = [
      ['end of speech detected', 'input_audio_buffer.speech_stopped'],
      ['transcribed', 'conversation.item.input_audio_transcription.completed'],
      ['answered (chat engine)', 'response.audio_transcript.delta'],
      ['first audio frame (TTS)', 'response.audio.delta'],
    ] as const;
    const stageTimes: number[][] = STAGES.map(() => []);
    for (let turn = 0; turn < TURNS + 3; turn++) {
      // Paced as the browser's recorder sends them: one 4096-sample chunk as each is captured.
      for (const chunk of chunks.slice(0, -1)) {
        send(chunk);
        await sleep(CHUNK_MS);
      }
      const firstAudio = next('response.audio.delta');
      const done = next('response.audio_transcript.done');
      done.catch(() => undefined); // awaited after the first audio
      arrived.clear();
      const started = performance.now();
      send(chunks.at(-1)!);
      await firstAudio;
      if (turn >= 3) {
        times.push(performance.now() - started);
        let from = started;
        STAGES.forEach(([, type], i) => {
          const at = arrived.get(type) ?? from;
          stageTimes[i]!.push(at - from);
          from = at;
        });
      }
      await done;
    }
    times.sort((a, b) => a - b);
    console.log(`voice turn server p50: ${Math.round(percentile(times, 50))} ms`);
    console.log(`voice turn server p99: ${Math.round(percentile(times, 99))} ms`);
    STAGES.forEach(([name], i) => console.log(`  stage p50 ${name}: ${Math.round(percentile(stageTimes[i]!.sort((a, b) => a - b), 50))} ms`));

    // Frames of the size the audio deltas have, pushed one after another to the one socket.
    const [connectionId] = await connectionsOfUser(JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()).sub);
    const delta = tone(500).subarray(0, 24_000).toString('base64');
    const allReceived = new Promise<void>((resolve) => {
      const check = setInterval(() => frames >= FRAMES && (clearInterval(check), resolve()), 5);
    });
    const started = performance.now();
    for (let i = 0; i < FRAMES; i++) await postToConnection(connectionId!, { type: 'frame', delta } as never);
    await allReceived;
    console.log(`voice socket frames per second per connection: ${Math.round(FRAMES / ((performance.now() - started) / 1000))}`);
    socket.close();
  } finally {
    await site.stop();
    await runtime.stop();
    await Promise.all([openai.stop(), elevenlabs.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
