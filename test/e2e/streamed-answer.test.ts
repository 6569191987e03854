import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { startOpenAiRuntime, type OpenAiRuntime } from '../support/openai-runtime.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { contactIdOf } from '../support/visitor.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';

const browser = useBrowser();

const FIRST_SENTENCE = 'Our country sourdough (900 g) is $9.00.';
const REST = 'It is baked every morning on Harbor Street.';

/**
 * A streamed answer in the embed widget (issue 28): a runtime of its own whose in-process handlers
 * read a fake OpenAI from this worker's environment. The fake stops mid-answer until the test lets it
 * go on, so the widget is seen showing the first words before the answer is complete.
 */
describe('the embed widget shows a streamed answer as it is written', () => {
  let started: OpenAiRuntime | undefined;
  let fake: FakeOpenAi;
  let customer: Server;
  let customerUrl: string;

  beforeAll(async () => {
    started = await startOpenAiRuntime('stream-e2e', { web: 'static' });
    fake = started.fake;
    const embed = `<script src="${started.runtime.webUrl}/embed.js" data-chatbot-id="${started.chatbotId}" async></script>`;
    customer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Bakery</title><body><h1>Harbor Street Bakery</h1>${embed}</body>`));
    await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
    customerUrl = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    customer?.closeAllConnections();
    await new Promise((resolve) => customer?.close(resolve));
    await started?.stop();
  });

  it('shows the first sentence before the answer is complete, then the whole reply once', async () => {
    const { page } = browser;
    const { chatbotId, runtime } = started!;
    await page.goto(customerUrl);
    await page.getByRole('button', { name: /^Chat with / }).click();
    const log = page.getByRole('log');
    const input = page.getByRole('textbox', { name: 'Type your message' });

    // The first message gives the visitor a conversation; its socket opens with the token.
    fake.reply = { text: 'Hello! Ask me about our bread.' };
    await input.fill('Hello');
    await input.press('Enter');
    await expectPage.visible(log.getByText('Hello! Ask me about our bread.'), 30_000);
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').visitorToken as string, `assistant-widget:${chatbotId}`);
    await expect
      .poll(
        () =>
          withRuntimeEnv(runtime.env, async () => {
            const { connectionsOfUser } = await import('../../functions/core/realtime/connections.js');
            const { visitorSocketKey } = await import('../../functions/core/realtime/visitor-replies.js');
            return connectionsOfUser(visitorSocketKey(chatbotId, contactIdOf(token)));
          }),
        { timeout: 15_000 },
      )
      .not.toHaveLength(0);

    // The model writes its first sentence and the word after it, then waits.
    let goOn!: () => void;
    fake.streamGate = { afterTokens: FIRST_SENTENCE.split(' ').length + 1, open: new Promise<void>((resolve) => (goOn = resolve)) };
    fake.reply = { text: `${FIRST_SENTENCE} ${REST}` };
    try {
      await input.fill('How much is the country sourdough?');
      await input.press('Enter');
      await expectPage.visible(log.getByText(FIRST_SENTENCE, { exact: true }), 30_000);
      // Still being written: the rest has not come, and the typing indicator made way for the text.
      expect(await log.getByText(/baked every morning/).count()).toBe(0);
      expect(await log.getByText('typing...').isVisible()).toBe(false);
    } finally {
      goOn();
      fake.streamGate = undefined;
    }
    await expectPage.visible(log.getByText(`${FIRST_SENTENCE} ${REST}`, { exact: true }), 30_000);
    // The reply replaced the streamed text: the answer is shown once.
    expect(await log.getByText(/Our country sourdough/).count()).toBe(1);
  });
});
