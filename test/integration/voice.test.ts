import { speechText } from '../../functions/core/chat/surface-text.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { frameLoudness } from '../../functions/core/voice/pcm.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { untilMessagesCounted } from '../support/table-stream.js';

const { apiUrl, realtimeUrl, config, env } = inject('runtime');

type Event = Record<string, unknown> & { type: string };

/** An open socket of a signed-in user, collecting every event it receives. */
async function openSocket(idToken: string) {
  const socket = new WebSocket(`${realtimeUrl}?token=${encodeURIComponent(idToken)}`);
  const events: Event[] = [];
  const waiting: { type: string; resolve: (event: Event) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as Event;
    events.push(event);
    for (const w of waiting.filter((w) => w.type === event.type)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(event);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    events,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    /** The next event of `type` (or one already received after `from`). */
    next: (type: string, from = 0): Promise<Event> => {
      const seen = events.slice(from).find((e) => e.type === type);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ type, resolve }));
    },
    /** Closes and waits until the server has the close (so `$disconnect` runs while the runtime is up). */
    close: () => new Promise<void>((resolve) => (socket.once('close', () => resolve()), socket.close())),
  };
}

/** An owner (with their ID token, which the socket takes) whose assistant learned the fixture bakery site. */
function useOwnerWithAssistant(pages = 5) {
  const fixture = {} as { site: FixtureSite; owner: ApiClient; idToken: string; chatbotId: string };
  beforeAll(async () => {
    fixture.site = await startFixtureSite({ pages, hangingPage: false });
    fixture.idToken = (await signUpAndSignIn(config)).idToken;
    fixture.owner = apiClient(apiUrl, fixture.idToken);
    fixture.chatbotId = (await fixture.owner.post('/chatbots', { websiteUrl: fixture.site.url })).body.chatbot.id as string;
    await waitForCrawl(fixture.owner, fixture.chatbotId);
  });
  afterAll(async () => {
    await fixture.site?.stop();
  });
  return fixture;
}

const session = () => `s${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;

describe('voice settings per assistant', () => {
  const fixture = useOwnerWithAssistant();

  it('reads the defaults of spec 000 for an assistant that never saved any', async () => {
    const { status, body } = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-settings`);
    expect(status).toBe(200);
    expect(body.settings).toEqual({
      voice_id: 'EXAVITQu4vr4xnSDxMaL',
      voice_name: 'Sarah',
      model_id: 'eleven_multilingual_v2',
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      use_speaker_boost: true,
      response_speed: 'balanced',
      interrupt_enabled: true,
      auto_play: true,
    });
  });

  it('saves the chosen voice with its name, and reads it back', async () => {
    const chosen = {
      voice_id: 'JBFqnCBsd6RMkjVDRZzb',
      model_id: 'eleven_turbo_v2',
      stability: 0.3,
      similarity_boost: 0.9,
      style: 0.25,
      use_speaker_boost: false,
      response_speed: 'fast',
      interrupt_enabled: false,
      auto_play: false,
    };
    const saved = await fixture.owner.put(`/chatbots/${fixture.chatbotId}/voice-settings`, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ ...chosen, voice_name: 'George' });
    const read = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-settings`);
    expect(read.body.settings.voice_name).toBe('George');
    expect(read.body.settings.stability).toBe(0.3);
  });

  it('refuses a value out of range or a voice not in the catalogue with 400, and keeps what was stored', async () => {
    const before = (await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-settings`)).body.settings;
    const { voice_name: _name, ...valid } = before;
    const tooStable = await fixture.owner.put(`/chatbots/${fixture.chatbotId}/voice-settings`, { ...valid, stability: 1.5 });
    expect(tooStable.status).toBe(400);
    expect(tooStable.body.error).toContain('stability: must be between 0 and 1');
    const unknownVoice = await fixture.owner.put(`/chatbots/${fixture.chatbotId}/voice-settings`, { ...valid, voice_id: 'nobody' });
    expect(unknownVoice.status).toBe(400);
    expect(unknownVoice.body.error).toContain('voice_id: must be a voice of the catalogue');
    expect((await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-settings`)).body.settings).toEqual(before);
  });
});

describe('a voice conversation from recognised words over the realtime socket', () => {
  const fixture = useOwnerWithAssistant(30);

  it("answers through the chat engine from the site's knowledge and stores the conversation on the channel voice, out of the inbox", async () => {
    const socket = await openSocket(fixture.idToken);
    try {
      const id = session();
      socket.send({ type: 'init', chatbot: fixture.chatbotId, session: id });
      expect(await socket.next('session.created')).toMatchObject({ chatbot: fixture.chatbotId, session: id });

      socket.send({ type: 'input_text', text: 'What are your opening hours?', spoken: true });
      const done = await socket.next('response.audio_transcript.done');
      const types = socket.events.map((e) => e.type);
      expect(types.slice(1, 3)).toEqual(['conversation.item.input_audio_transcription.completed', 'response.audio_transcript.delta']);
      expect(socket.events[1]).toMatchObject({ transcript: 'What are your opening hours?' });
      expect(done.transcript).toContain('Day: Tuesday to Friday; Hours: 7:00 am to 5:00 pm.');
      const deltas = socket.events.filter((e) => e.type === 'response.audio_transcript.delta').map((e) => e.delta).join('');
      expect(deltas).toBe(done.transcript);

      // The owner's own test: stored on the channel voice, but not a customer's, so not in the inbox
      // (all assistants or this one) nor in its unread count, the Contacts badge (issue 30).
      for (const path of ['/conversations', `/conversations?chatbotId=${fixture.chatbotId}`]) {
        const listed = (await fixture.owner.get(path)).body.conversations as { id: string; channel: string; unread_count: number }[];
        expect(listed.map((c) => c.id)).not.toContain(done.conversationId);
        expect(listed.filter((c) => c.channel === 'voice')).toEqual([]);
      }
      const thread = await fixture.owner.get(`/conversations/${done.conversationId as string}`);
      expect(thread.body.conversation).toMatchObject({ channel: 'voice', chatbot_id: fixture.chatbotId });
      expect(thread.body.messages.map((m: { sender_type: string; content: string }) => [m.sender_type, m.content])).toEqual([
        ['user', 'What are your opening hours?'],
        ['assistant', expect.any(String)],
      ]);
      // Spoken as speech reads it: the stored answer's page link says its title, no address is read out.
      expect(done.transcript).toBe(speechText(thread.body.messages[1].content));
      expect(done.transcript).not.toMatch(/https?:|\]\(/);
    } finally {
      await socket.close();
    }
  });

  it('says what to do when words come before init, and refuses an assistant of another owner', async () => {
    const stranger = await signUpAndSignIn(config);
    const socket = await openSocket(stranger.idToken);
    try {
      socket.send({ type: 'input_text', text: 'Hello?' });
      expect(await socket.next('error')).toEqual({ type: 'error', message: 'Start the voice chat first: send init with the assistant before speaking.' });
      const from = socket.events.length;
      socket.send({ type: 'init', chatbot: fixture.chatbotId, session: session() });
      expect(await socket.next('error', from)).toEqual({ type: 'error', message: 'Chatbot not found' });
      const after = socket.events.length;
      socket.send({ type: 'input_text', text: '' });
      expect((await socket.next('error', after)).message).toContain('text: Say or type something first');
    } finally {
      await socket.close();
    }
  });
});

describe("the Voice screen's Analytics tab, from stored voice sessions", () => {
  const fixture = useOwnerWithAssistant(30);

  it('has no figures for an assistant nobody has talked to yet', async () => {
    const { status, body } = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-analytics`);
    expect(status).toBe(200);
    expect(body).toEqual({
      days: 30,
      sessions: 0,
      average_duration_seconds: 0,
      turns: 0,
      answered: 0,
      fallback: 0,
      answered_share: 0,
      fallback_share: 0,
      per_day: [],
    });
  });

  it('counts a voice chat: the session, its turns, how many were answered and how many got the fallback message, by day', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10);
    const socket = await openSocket(fixture.idToken);
    try {
      const id = session();
      socket.send({ type: 'init', chatbot: fixture.chatbotId, session: id });
      await socket.next('session.created');
      socket.send({ type: 'input_text', text: 'What are your opening hours?', spoken: true });
      await socket.next('response.audio_transcript.done');
      const from = socket.events.length;
      socket.send({ type: 'input_text', text: 'Do you deliver to Chicago?', spoken: true });
      expect((await socket.next('response.audio_transcript.done', from)).transcript).toBe("I'm not sure I understand. Could you please rephrase that?");
      // init again on the same socket continues the same session (not a second one).
      const again = socket.events.length;
      socket.send({ type: 'init', chatbot: fixture.chatbotId, session: id });
      await socket.next('session.created', again);
    } finally {
      await socket.close();
    }
    const dayAfter = new Date().toISOString().slice(0, 10);

    const { status, body } = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/voice-analytics`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ sessions: 1, turns: 2, answered: 1, fallback: 1, answered_share: 50, fallback_share: 50 });
    expect(body.average_duration_seconds).toBeGreaterThanOrEqual(0);
    expect(body.per_day).toHaveLength(1);
    expect(body.per_day[0]).toMatchObject({ sessions: 1, turns: 2 });
    expect([dayBefore, dayAfter]).toContain(body.per_day[0].day);

    // The Analytics screen counts the session, and none of its turns as visitors' conversations or users.
    await untilMessagesCounted(env, fixture.chatbotId);
    const { body: figures } = await fixture.owner.get(`/chatbots/${fixture.chatbotId}/analytics?timeRange=7d`);
    expect(figures).toMatchObject({ voiceSessions: 1, totalConversations: 0, totalMessages: 0, activeUsers: 0 });
  });

  it("refuses another owner's assistant with 404", async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.get(`/chatbots/${fixture.chatbotId}/voice-analytics`)).status).toBe(404);
  });
});

describe('elevenlabs-tts without an ElevenLabs key: the local stand-in (espeak-ng) speaks', () => {
  let owner: ApiClient;
  beforeAll(async () => {
    owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
  });

  it('answers the text spoken as a WAV file a browser can play', async () => {
    const { status, body } = await owner.post('/voice/speech', {
      text: 'Hello! This is Sarah. How can I help you today?',
      voice_id: 'EXAVITQu4vr4xnSDxMaL',
      model_id: 'eleven_multilingual_v2',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'wav', provider: 'local' });
    const wav = Buffer.from(body.audio as string, 'base64');
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    // The header gives the real sizes (espeak-ng on a pipe leaves them unknown, which browsers refuse).
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    const pcm = wav.subarray(44);
    const rate = wav.readUInt32LE(24);
    expect(pcm.length / 2 / rate).toBeGreaterThan(1);
    // Speech, not silence: a good share of its 20 ms frames is loud.
    const loud = frameLoudness(pcm).filter((level) => level > 0.02).length;
    expect(loud).toBeGreaterThan(20);
  });

  it('refuses bad input with 400 and what is wrong', async () => {
    const valid = { text: 'Hello', voice_id: 'EXAVITQu4vr4xnSDxMaL', model_id: 'eleven_turbo_v2' };
    const blank = await owner.post('/voice/speech', { ...valid, text: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toContain('text: Give the text to speak');
    const unknownVoice = await owner.post('/voice/speech', { ...valid, voice_id: 'nobody' });
    expect(unknownVoice.status).toBe(400);
    expect(unknownVoice.body.error).toContain('voice_id: must be a voice of the catalogue');
    const noModel = await owner.post('/voice/speech', { text: 'Hello', voice_id: valid.voice_id });
    expect(noModel.status).toBe(400);
    expect(noModel.body.error).toContain('model_id');
    const tooStable = await owner.post('/voice/speech', { ...valid, stability: 2 });
    expect(tooStable.status).toBe(400);
    expect(tooStable.body.error).toContain('stability: must be between 0 and 1');
    const tooLong = await owner.post('/voice/speech', { ...valid, text: 'a'.repeat(2501) });
    expect(tooLong.status).toBe(400);
  });
});
