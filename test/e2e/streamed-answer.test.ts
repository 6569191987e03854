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

  /** The visitor socket's connections of the token the widget keeps. */
  const connectionsOfWidget = async (page: typeof browser.page) => {
    const { chatbotId, runtime } = started!;
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').visitorToken as string | undefined, `assistant-widget:${chatbotId}`);
    if (!token) return [];
    return withRuntimeEnv(runtime.env, async () => {
      const { connectionsOfUser } = await import('../../functions/core/realtime/connections.js');
      const { visitorSocketKey } = await import('../../functions/core/realtime/visitor-replies.js');
      return connectionsOfUser(visitorSocketKey(chatbotId, contactIdOf(token)));
    });
  };

  /** Asks `question`; the model writes its first sentence and the word after it, then waits until the widget showed that sentence alone. */
  const askAndSeeFirstSentenceFirst = async (page: typeof browser.page, question: string) => {
    const log = page.getByRole('log');
    const input = page.getByRole('textbox', { name: 'Type your message' });
    let goOn!: () => void;
    fake.streamGate = { afterTokens: FIRST_SENTENCE.split(' ').length + 1, open: new Promise<void>((resolve) => (goOn = resolve)) };
    fake.reply = { text: `${FIRST_SENTENCE} ${REST}` };
    try {
      await input.fill(question);
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
  };

  it("streams a new visitor's very first answer: opening the chat (not loading the page) got them a token and a socket", async () => {
    const { page } = browser;
    const asked: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('/visitor') && asked.push(request.method())));
    await page.goto(customerUrl);
    await expectPage.visible(page.getByRole('button', { name: /^Chat with / }));
    // A visitor who only loads the page asks for nothing.
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: /^Chat with / }).click();
    await expect.poll(() => connectionsOfWidget(page), { timeout: 15_000 }).not.toHaveLength(0);
    expect(asked).toEqual(['POST']);

    await askAndSeeFirstSentenceFirst(page, 'How much is the country sourdough?');
    // One message and one reply stored, in the visitor's one conversation.
    const { chatbotId, runtime } = started!;
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').visitorToken as string, `assistant-widget:${chatbotId}`);
    const stored = await fetch(`${runtime.apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await stored.json()) as { messages: { role: string }[] }).messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('shows the first sentence of a later answer before the answer is complete, then the whole reply once', async () => {
    const { page } = browser;
    await page.goto(customerUrl);
    await page.getByRole('button', { name: /^Chat with / }).click();
    const log = page.getByRole('log');
    const input = page.getByRole('textbox', { name: 'Type your message' });
    fake.reply = { text: 'Hello! Ask me about our bread.' };
    await input.fill('Hello');
    await input.press('Enter');
    await expectPage.visible(log.getByText('Hello! Ask me about our bread.'), 30_000);
    await expect.poll(() => connectionsOfWidget(page), { timeout: 15_000 }).not.toHaveLength(0);
    await askAndSeeFirstSentenceFirst(page, 'How much is the country sourdough?');
  });
});
