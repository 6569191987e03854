import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameLoudness, wavOf } from '../../functions/core/voice/pcm.js';
import { freePorts } from '../../local/ports.js';
import { startLocalRuntime, type LocalRuntime } from '../../local/runtime.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import type { FakeElevenLabs } from '../support/fake-elevenlabs.js';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { startVoiceProviders, type VoiceProviders } from '../support/voice-providers.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { silence, spoken } from '../support/speech-audio.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

/**
 * Voice Chat with a real (fake) microphone: Chromium plays a WAV of espeak-ng speaking as its
 * microphone; the screen streams it over the realtime socket, the server hears the end of speech,
 * transcribes it (a fake OpenAI), answers and speaks (a fake ElevenLabs), and the screen shows both
 * lines. A runtime of its own, whose in-process handlers read the fake providers from this worker's
 * environment (the shared runtime has no keys).
 */
const QUESTION = 'What are your opening hours?';
const ANSWER = 'We are open Tuesday to Friday from 7:00 am to 5:00 pm.';

const audioDir = mkdtempSync(join(tmpdir(), 'assistants-microphone-'));
const wavPath = join(audioDir, 'question.wav');
// Silence first (the screen connects), the question, then silence long enough to end the utterance.
writeFileSync(wavPath, wavOf(Buffer.concat([silence(800), spoken(QUESTION), silence(3000)])));

const browser = useBrowser({
  // %noloop: the file is said once, then the microphone is silent (Chromium's fake audio capture).
  args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wavPath}%noloop`],
});

describe('Voice Chat with a microphone', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-voice-e2e-'));
  let runtime: LocalRuntime;
  let providers: VoiceProviders;
  let openai: FakeOpenAi;
  let elevenlabs: FakeElevenLabs;
  let site: FixtureSite;
  let owner: TestUser;

  beforeAll(async () => {
    providers = await startVoiceProviders();
    ({ openai, elevenlabs } = providers);
    openai.transcript = { text: QUESTION };
    openai.reply = { text: ANSWER };
    runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'static', databaseInMemory: true });
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = await signUpAndSignIn(runtime.config, 'Microphone Owner');
    const api = apiClient(runtime.apiUrl, owner.idToken);
    const created = await api.post('/chatbots', { websiteUrl: site.url });
    await waitForCrawl(api, created.body.chatbot.id);
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
    await runtime?.stop();
    await providers?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(audioDir, { recursive: true, force: true });
  });

  it('hears the spoken question from the microphone and shows it with the spoken answer', async () => {
    const { page } = browser;
    await signInToDashboard(page, runtime.webUrl, owner);
    await page.goto(`${runtime.webUrl}/dashboard/voice`);
    await page.getByRole('button', { name: 'Start Voice Chat' }).click();

    const history = page.getByRole('list', { name: 'Voice conversation history' });
    await expectPage.visible(history.getByText(QUESTION), 30_000);
    await expectPage.visible(history.getByText(ANSWER), 30_000);

    // What the server transcribed was the microphone's speech, not silence.
    expect(openai.transcriptionRequests.length).toBeGreaterThanOrEqual(1);
    const upload = openai.transcriptionRequests[0]!.file;
    expect(frameLoudness(upload.subarray(44)).filter((level) => level > 0.02).length).toBeGreaterThan(20);
    // And the answer was spoken in the assistant's voice.
    expect(elevenlabs.requests.map((r) => r.body.text).join('')).toContain('Tuesday to Friday');

    await page.getByRole('button', { name: 'End Chat' }).click();
    await expectPage.visible(page.getByText('Voice conversation ended'), 30_000);
  });
});
