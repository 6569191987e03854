import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('Voice AI in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Voice Owner');
    const api = apiClient(apiUrl, owner.idToken);
    const created = await api.post('/chatbots', { websiteUrl: site.url });
    await waitForCrawl(api, created.body.chatbot.id);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('in a browser that can neither listen nor speak, says what a key adds and answers typed words over the voice socket', async () => {
    const { page } = browser;
    // A browser without the Web Speech API: the embedded default's last resort.
    await page.addInitScript(() => {
      for (const name of ['SpeechRecognition', 'webkitSpeechRecognition', 'speechSynthesis', 'SpeechSynthesisUtterance']) {
        delete (window as unknown as Record<string, unknown>)[name];
      }
    });
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Voice AI' }).click();
    await page.waitForURL(/\/dashboard\/voice$/);
    for (const tab of ['Voice Chat', 'Voice Settings', 'Analytics']) await expectPage.visible(page.getByRole('tab', { name: tab }));
    await expectPage.visible(page.getByTestId('voice-status').getByText('Disconnected'));
    await expectPage.visible(page.getByText('With an OpenAI key configured for the product, the server transcribes your microphone'));
    await expectPage.visible(page.getByText('With an ElevenLabs key configured for the product, answers are spoken'));

    await page.getByRole('button', { name: 'Start Voice Chat' }).click();
    await expectPage.visible(page.getByTestId('voice-status').getByText('Ready'));
    await page.getByLabel('Type your message').fill('What are your opening hours?');
    await page.getByRole('button', { name: 'Send' }).click();
    const history = page.getByRole('list', { name: 'Voice conversation history' });
    await expectPage.visible(history.getByText('What are your opening hours?'));
    await expectPage.visible(history.getByText(/Day: Tuesday to Friday; Hours: 7:00 am to 5:00 pm\./));
    // Play Again without the browser's voice: the server speaks the line (elevenlabs-tts; the local espeak-ng stand-in here).
    await history.getByRole('button', { name: 'Play Again' }).click();
    await expectPage.visible(page.getByTestId('voice-status').getByText('Speaking'));
    // The answer is long (a week of opening hours): Stop ends it.
    await page.getByRole('button', { name: 'Stop AI audio' }).click();
    await expectPage.visible(page.getByTestId('voice-status').getByText('Ready'));

    await page.getByRole('tab', { name: 'Analytics' }).click();
    // Read from the stored voice sessions: this chat, one turn, answered from the site.
    await expectPage.visible(page.getByTestId('voice-sessions').getByText('1', { exact: true }));
    await expectPage.visible(page.getByTestId('voice-turns').getByText('1', { exact: true }));
    await expectPage.visible(page.getByTestId('voice-answered-share').getByText('100%', { exact: true }));
    await page.getByRole('tab', { name: 'Voice Chat' }).click();
    await page.getByRole('button', { name: 'End Chat' }).click();
    await expectPage.visible(page.getByText('Voice conversation ended'));
    await expectPage.visible(page.getByTestId('voice-status').getByText('Disconnected'));
  });

  it('saves the chosen voice for the assistant, and shows it again after a reload', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.goto(`${webUrl}/dashboard/voice`);
    await page.getByRole('tab', { name: 'Voice Settings' }).click();
    const voice = page.getByLabel('Voice', { exact: true });
    await expectPage.visible(voice);
    await voice.selectOption({ label: 'George - Warm middle-aged British man; a storyteller' });
    await page.getByLabel('Model').selectOption('eleven_turbo_v2_5');
    await page.getByRole('button', { name: 'Save Voice Settings' }).click();
    await expectPage.visible(page.getByText('Your assistant speaks with George.'));
    await page.reload();
    await page.getByRole('tab', { name: 'Voice Settings' }).click();
    await expectPage.visible(page.getByLabel('Voice', { exact: true }));
    await page.waitForFunction(() => (document.getElementById('voice-choice') as HTMLSelectElement | null)?.value === 'JBFqnCBsd6RMkjVDRZzb');
    await page.waitForFunction(() => (document.getElementById('voice-model') as HTMLSelectElement | null)?.value === 'eleven_turbo_v2_5');
  });
});
