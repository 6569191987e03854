import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePorts } from '../../local/ports.js';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime.js';
import type { FixtureSite } from '../../local/sample-site.js';
import type { ApiClient } from '../support/api-client.js';
import type { FakeElevenLabs } from '../support/fake-elevenlabs.js';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { startVoiceProviders, type VoiceProviders } from '../support/voice-providers.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { recorderChunks, silence, spoken, tone } from '../support/speech-audio.js';

type Event = Record<string, unknown> & { type: string };

/**
 * A full voice turn over the local WebSocket with keys configured: speech made by espeak-ng, a fake
 * OpenAI (transcription and answer) and a fake ElevenLabs. A runtime of its own in this worker, whose
 * in-process handlers read the providers' settings from this process's environment.
 */
describe('voice over the realtime socket with transcription and text-to-speech keys (fake providers)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-voice-'));
  let runtime: LocalRuntime;
  let providers: VoiceProviders;
  let openai: FakeOpenAi;
  let elevenlabs: FakeElevenLabs;
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;

  beforeAll(async () => {
    providers = await startVoiceProviders();
    ({ openai, elevenlabs } = providers);
    runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none', databaseInMemory: true });
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(runtime.apiUrl, runtime.config));
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await runtime?.stop();
    await providers?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens the socket with a session token, as the browser does after create-realtime-session. */
  async function connect(token: string) {
    const socket = new WebSocket(`${runtime.realtimeUrl}?token=${encodeURIComponent(token)}`);
    const events: Event[] = [];
    const frames: number[] = [];
    socket.on('message', (data) => {
      frames.push((data as Buffer).length);
      events.push(JSON.parse(data.toString()) as Event);
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      socket.once('error', reject);
    });
    let seq = 0;
    const waitFor = async (test: (events: Event[]) => boolean) => {
      try {
        await expect.poll(() => test(events), { timeout: 20_000, interval: 50 }).toBe(true);
      } catch (error) {
        const seen = events.filter((e) => e.type !== 'response.audio.delta').map((e) => (e.type === 'error' ? `error: ${String(e.message)}` : e.type));
        throw new Error(`Events so far: ${seen.join(', ')}`, { cause: error });
      }
    };
    return {
      events,
      frames,
      waitFor,
      count: (type: string) => events.filter((e) => e.type === type).length,
      send: (message: unknown) => socket.send(JSON.stringify(message)),
      /** Plays audio as the recorder sends it: 4096-sample chunks, paced a little faster than real time. */
      play: async (pcm: Buffer) => {
        for (const chunk of recorderChunks(pcm)) {
          socket.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: chunk.toString('base64'), seq: ++seq }));
          await new Promise((r) => setTimeout(r, 60));
        }
      },
      close: () => new Promise<void>((resolve) => (socket.once('close', () => resolve()), socket.close())),
    };
  }

  async function startSession() {
    const created = await owner.post(`/chatbots/${chatbotId}/realtime-session`);
    expect(created.status).toBe(200);
    const token = created.body.client_secret.value as string;
    expect(token).not.toContain('sk-test');
    expect(created.body.providers).toEqual({ transcription: true, speech: true });
    const socket = await connect(token);
    socket.send({ type: 'init', chatbot: chatbotId, ephemeralKey: token });
    await socket.waitFor((e) => e.some((x) => x.type === 'session.created'));
    return socket;
  }

  it('hears the question, transcribes it, answers from the knowledge and streams the answer in the chosen voice', async () => {
    const saved = await owner.put(`/chatbots/${chatbotId}/voice-settings`, {
      voice_id: 'JBFqnCBsd6RMkjVDRZzb',
      model_id: 'eleven_turbo_v2_5',
      stability: 0.4,
      similarity_boost: 0.8,
      style: 0,
      use_speaker_boost: true,
      response_speed: 'balanced',
      interrupt_enabled: true,
      auto_play: true,
    });
    expect(saved.status).toBe(200);
    openai.transcript = { text: 'What are your opening hours?' };
    openai.reply = { text: 'We are open Tuesday to Friday from 7:00 am to 5:00 pm. On Mondays we are closed.' };
    const socket = await startSession();
    try {
      const speech = spoken('What are your opening hours?');
      await socket.play(Buffer.concat([silence(300), speech, silence(1200)]));
      await socket.waitFor((e) => e.some((x) => x.type === 'response.audio_transcript.done'));

      expect(socket.events.filter((e) => e.type === 'error')).toEqual([]);
      const types = socket.events.map((e) => e.type).filter((t) => t !== 'session.created');
      const collapsed = types.filter((t, i) => t !== types[i - 1]);
      expect(collapsed.slice(0, 4)).toEqual([
        'input_audio_buffer.speech_started',
        'input_audio_buffer.speech_stopped',
        'conversation.item.input_audio_transcription.completed',
        'response.audio_transcript.delta',
      ]);
      expect(types.slice(-2)).toEqual(['response.audio.done', 'response.audio_transcript.done']);
      expect(socket.events.find((e) => e.type === 'conversation.item.input_audio_transcription.completed')).toMatchObject({
        transcript: 'What are your opening hours?',
      });

      // The transcription got the utterance as a 24 kHz WAV, at least as long as the speech.
      const upload = openai.transcriptionRequests.at(-1)!;
      expect(upload.file.toString('ascii', 0, 4)).toBe('RIFF');
      expect(upload.file.readUInt32LE(24)).toBe(24_000);
      expect(upload.file.length - 44).toBeGreaterThanOrEqual(speech.length * 0.8);
      // The model was asked the transcribed question, with the site's opening hours as knowledge.
      const asked = openai.chatRequests.at(-1)!.messages as { role: string; content: string }[];
      expect(asked.at(-1)).toEqual({ role: 'user', content: 'What are your opening hours?' });
      expect(asked[0]!.content).toContain('Tuesday to Friday');

      // Spoken in the chosen voice, each sentence, in frames within API Gateway's 32 KB.
      const spokenTexts = elevenlabs.requests.map((r) => r.body.text.trim());
      expect(spokenTexts).toEqual(['We are open Tuesday to Friday from 7:00 am to 5:00 pm.', 'On Mondays we are closed.']);
      expect(elevenlabs.requests[0]).toMatchObject({ voiceId: 'JBFqnCBsd6RMkjVDRZzb', format: 'pcm_24000', apiKey: 'xi-test' });
      expect(elevenlabs.requests[0]!.body).toMatchObject({ model_id: 'eleven_turbo_v2_5', voice_settings: { stability: 0.4, similarity_boost: 0.8 } });
      const audio = socket.events.filter((e) => e.type === 'response.audio.delta').map((e) => Buffer.from(e.delta as string, 'base64'));
      expect(audio.length).toBeGreaterThan(2);
      expect(Math.max(...socket.frames)).toBeLessThanOrEqual(32 * 1024);
      const expectedBytes = elevenlabs.requests
        .map((r) => r.body.text.length)
        .reduce((sum, chars) => sum + Math.round((24_000 * Math.max(100, chars * elevenlabs.msPerCharacter)) / 1000) * 2, 0);
      expect(Buffer.concat(audio).length).toBe(expectedBytes);

      const done = socket.events.find((e) => e.type === 'response.audio_transcript.done')!;
      expect(done.transcript).toBe('We are open Tuesday to Friday from 7:00 am to 5:00 pm. On Mondays we are closed.');
      const thread = await owner.get(`/conversations/${done.conversationId as string}`);
      expect(thread.body.conversation.channel).toBe('voice');
      expect(thread.body.messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([
        ['user', 'What are your opening hours?'],
        ['assistant', done.transcript],
      ]);
    } finally {
      await socket.close();
    }
  });

  it('stops the answer being prepared when the visitor speaks over it (interruptions on)', async () => {
    openai.replyDelayMs = 1500;
    openai.transcript = { text: 'Do you bake rye bread?' };
    openai.reply = { text: 'Yes, we bake seeded rye.' };
    const socket = await startSession();
    try {
      await socket.play(Buffer.concat([tone(600), silence(900)]));
      await socket.waitFor((e) => e.some((x) => x.type === 'input_audio_buffer.speech_stopped'));
      // Speaking again while the first answer is being prepared: it is cancelled.
      openai.transcript = { text: 'Sorry, I meant do you bake baguettes?' };
      openai.reply = { text: 'Baguettes are baked Friday to Sunday.' };
      await socket.play(Buffer.concat([tone(600), silence(900)]));
      await socket.waitFor((e) => e.some((x) => x.type === 'response.audio_transcript.done'));
      await new Promise((r) => setTimeout(r, 300));
      expect(socket.count('input_audio_buffer.speech_started')).toBe(2);
      const answers = socket.events.filter((e) => e.type === 'response.audio_transcript.done').map((e) => e.transcript);
      expect(answers).toEqual(['Baguettes are baked Friday to Sunday.']);
      expect(socket.events.filter((e) => e.type === 'response.audio_transcript.delta').map((e) => e.delta).join('')).toBe(answers[0]);
    } finally {
      openai.replyDelayMs = 0;
      await socket.close();
    }
  });

  it('takes audio chunks that arrive out of order in seq order: one utterance, transcribed whole and in order', async () => {
    openai.transcript = { text: 'What are your opening hours?' };
    openai.reply = { text: 'We are open Tuesday to Friday.' };
    const socket = await startSession();
    try {
      const speech = spoken('What are your opening hours?');
      const chunks = recorderChunks(Buffer.concat([silence(300), speech, silence(1200)]));
      const from = openai.transcriptionRequests.length;
      // Each pair swapped: the later chunk arrives first and waits for the one before it.
      for (let i = 0; i < chunks.length; i += 2) {
        for (const index of [i + 1, i].filter((n) => n < chunks.length)) {
          socket.send({ type: 'input_audio_buffer.append', audio: chunks[index]!.toString('base64'), seq: index + 1 });
          await new Promise((r) => setTimeout(r, 40));
        }
      }
      await socket.waitFor((e) => e.some((x) => x.type === 'response.audio_transcript.done'));
      expect(socket.events.filter((e) => e.type === 'error')).toEqual([]);
      expect(socket.count('input_audio_buffer.speech_started')).toBe(1);
      expect(socket.count('input_audio_buffer.speech_stopped')).toBe(1);
      expect(openai.transcriptionRequests.length - from).toBe(1);
      const heard = openai.transcriptionRequests.at(-1)!.file.subarray(44);
      expect(heard.length).toBeGreaterThanOrEqual(speech.length * 0.8);
      // One piece of what was sent, in its order: no chunk missing, repeated or out of place.
      expect(Buffer.concat(chunks).indexOf(heard)).toBeGreaterThanOrEqual(0);
    } finally {
      await socket.close();
    }
  });

  it('says that speech needs to be started first, and refuses an odd-length audio chunk', async () => {
    const created = await owner.post(`/chatbots/${chatbotId}/realtime-session`);
    const socket = await connect(created.body.client_secret.value);
    try {
      socket.send({ type: 'init', chatbot: 'another-assistant', ephemeralKey: created.body.client_secret.value });
      await socket.waitFor((e) => e.some((x) => x.type === 'error'));
      expect(socket.events[0]).toEqual({ type: 'error', message: 'This voice session was created for another assistant. Start the voice chat again.' });
      socket.send({ type: 'input_audio_buffer.append', audio: Buffer.from([1, 2, 3]).toString('base64') });
      await socket.waitFor((e) => e.filter((x) => x.type === 'error').length === 2);
      expect(socket.events[1]).toEqual({ type: 'error', message: 'Audio must be 16-bit PCM samples (an even number of bytes).' });
    } finally {
      await socket.close();
    }
  });

  it('refuses at connect a session token that expired, or that another key signed', async () => {
    const { issueVoiceSessionToken } = await import('../../functions/core/voice/session-token.js');
    const claims = { userId: 'u1', email: '', chatbotId, session: 'expired-session' };
    const expired = await issueVoiceSessionToken(claims, new Date(Date.now() - 2 * 60_000));
    await expect(connect(expired.value)).rejects.toThrow('refused 401');
    const foreign = await new SignJWT({ chatbot: chatbotId, session: 'x', email: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('assistly:voice-session')
      .setSubject('u1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode('another key that is long enough for hs256!!'));
    await expect(connect(foreign)).rejects.toThrow('refused 401');
    const fresh = await issueVoiceSessionToken(claims);
    const socket = await connect(fresh.value);
    await socket.close();
  });
  it('elevenlabs-tts speaks a text in the chosen voice and model through ElevenLabs as mp3, and says when ElevenLabs fails', async () => {
    const from = elevenlabs.requests.length;
    const { status, body } = await owner.post('/voice/speech', {
      text: 'Hello! This is Lily. How can I help you today?',
      voice_id: 'pFZP5JQG7iQjIQuC4Bku',
      model_id: 'eleven_turbo_v2',
      stability: 0.3,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'mp3', provider: 'elevenlabs' });
    expect(Buffer.from(body.audio as string, 'base64').length).toBeGreaterThan(0);
    expect(elevenlabs.requests.slice(from)).toEqual([
      {
        voiceId: 'pFZP5JQG7iQjIQuC4Bku',
        format: 'mp3_44100_128',
        apiKey: 'xi-test',
        body: {
          text: 'Hello! This is Lily. How can I help you today?',
          model_id: 'eleven_turbo_v2',
          voice_settings: { stability: 0.3, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
        },
      },
    ]);

    elevenlabs.failWith = 401;
    try {
      const failed = await owner.post('/voice/speech', { text: 'Hello', voice_id: 'pFZP5JQG7iQjIQuC4Bku', model_id: 'eleven_turbo_v2' });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe('Failed to generate AI voice response: ElevenLabs answered 401: fake voice failure');
    } finally {
      elevenlabs.failWith = undefined;
    }
  });
});
