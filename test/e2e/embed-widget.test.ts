import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PublicChatbot } from '../../functions/contracts/chat.js';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { siteBuildDir } from '../../local/web-server.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../functions/contracts/chatbot.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { contactIdOf } from '../support/visitor.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();

/** A customer's page whose own CSS would break any widget that is not isolated from it. */
const customerPage = (embed: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbor Street Guest House</title>
<style>
  html { font-size: 8px; }
  body { font: 30px/3 "Comic Sans MS", cursive; color: lime; background: #222; }
  button, textarea, section, div, a, img { display: none !important; }
  assistant-widget { display: none !important; opacity: 0 !important; }
</style></head>
<body><h1>Welcome to our guest house</h1><p>Ask our assistant anything.</p>
${embed}
</body></html>`;

interface TinyServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 and a free port: the customer's website, another origin than the product's. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TinyServer> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const html = (res: ServerResponse, page: string, charset = 'utf-8') =>
  res.writeHead(200, { 'content-type': `text/html; charset=${charset}` }).end(page);

/** The widget's parts, found through its (open) shadow root like a visitor's assistive technology would. */
function widget(page: Page) {
  return {
    launcher: page.getByRole('button', { name: /^Chat with / }),
    window: page.getByRole('dialog'),
    log: page.getByRole('log'),
    input: page.getByRole('textbox', { name: 'Type your message' }),
    send: page.getByRole('button', { name: 'Send message' }),
    close: page.getByRole('button', { name: 'Close chat' }),
    /** aria-label (or tag) of the focused element inside the widget. */
    focused: () =>
      page.evaluate(() => {
        const active = document.querySelector('assistant-widget')?.shadowRoot?.activeElement;
        return active ? (active.getAttribute('aria-label') ?? active.tagName) : null;
      }),
  };
}

/** The visitor's conversation (the contact of the token in the widget's storage) as the chat engine recorded it. */
async function recorded(page: Page, chatbotId: string) {
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').visitorToken as string, `assistant-widget:${chatbotId}`);
  const contactId = contactIdOf(token);
  return withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    const { data: conversations } = await db().entities.conversation.query.byContact({ chatbot_id: chatbotId, contact_id: contactId }).go();
    expect(conversations).toHaveLength(1);
    const conversationId = conversations[0]?.conversation_id ?? '';
    const [{ data: messages }, { data: transfers }] = await Promise.all([
      db().entities.message.query.byConversation({ conversation_id: conversationId }).go(),
      db().entities.agentTransfer.query.byChatbot({ chatbot_id: chatbotId }).go(),
    ]);
    return { messages, transfers: transfers.filter((t) => t.conversation_id === conversationId) };
  });
}

describe('the embed widget on a customer site of another origin, against the local runtime', () => {
  let site: FixtureSite;
  let customer: TinyServer;
  let chatbotId: string;
  let owner: ApiClient;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 30, hangingPage: false });
    owner = apiClient(apiUrl, (await signUpAndSignIn(config, 'Widget Owner')).idToken);
    const created = await owner.post('/chatbots', { websiteUrl: site.url });
    expect(created.status).toBe(201);
    chatbotId = created.body.chatbot.id;
    const embed: string = created.body.chatbot.embedCode;
    expect(embed).toBe(`<script src="${webUrl}/embed.js" data-chatbot-id="${chatbotId}" async></script>`);
    await waitForCrawl(owner, chatbotId);
    customer = await serve((_req, res) => html(res, customerPage(embed)));
  });
  afterAll(async () => {
    await customer?.stop();
    await site?.stop();
  });

  it('answers from the site with a safe link, keeps the conversation across reloads and fills a phone screen', async () => {
    const { page } = browser;
    expect(new URL(customer.url).origin).not.toBe(new URL(webUrl).origin);
    await page.goto(customer.url);
    const w = widget(page);

    await expectPage.visible(w.launcher);
    // Never opens by itself on a customer's site.
    await page.waitForTimeout(2500);
    expect(await w.window.isVisible()).toBe(false);

    await w.launcher.click();
    await expectPage.visible(w.window);
    await expectPage.visible(w.window.getByText('● Online'));
    // The greeting is the assistant's welcome message (Conversation Controls' default).
    await expectPage.visible(w.log.getByText('Hello! How can I help you today?'));
    expect(await w.focused()).toBe('Type your message');

    await w.input.fill('How far ahead should I order a birthday cake?');
    await w.input.press('Enter');
    await expectPage.visible(w.log.getByText('How far ahead should I order a birthday cake?'));
    await expectPage.visible(w.log.getByText('typing...'));
    await expectPage.visible(w.log.getByText(/Five days for most cakes/), 30_000);
    await expectPage.hidden(w.log.getByText('typing...'));

    const link = w.log.locator('a').first();
    await expectPage.visible(link);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${site.url.replace(/[.]/g, '\\.')}/`));

    // The host page's CSS did not reach the widget: its own font and a visible launcher.
    const font = await w.window.evaluate((node) => getComputedStyle(node).fontSize);
    expect(font).toBe('14px');

    await page.reload();
    await expectPage.visible(w.launcher);
    await w.launcher.click();
    await expectPage.visible(w.log.getByText('How far ahead should I order a birthday cake?'));
    await expectPage.visible(w.log.getByText(/Five days for most cakes/));
    // The returning visitor continues the same conversation on the server (the token in its storage).
    await w.input.fill('Do you have gluten-free products?');
    await w.input.press('Enter');
    await expect
      .poll(async () => (await recorded(page, chatbotId)).messages.map((m) => m.sender_type), { timeout: 30_000 })
      .toEqual(['user', 'assistant', 'user', 'assistant']);

    await page.setViewportSize({ width: 390, height: 844 });
    const box = await w.window.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });

    await page.keyboard.press('Escape');
    await expectPage.hidden(w.window);
    expect(await w.focused()).toMatch(/^Chat with /);
  });
  it('stores a thumbs up on the reply, and asks before handing over to a person when the owner wants that', async () => {
    const settings = await owner.put(`/chatbots/${chatbotId}/settings`, { ...DEFAULT_CONVERSATION_SETTINGS, requireConfirmation: true });
    expect(settings.status).toBe(200);
    const { page } = browser;
    await page.goto(customer.url);
    const w = widget(page);
    await w.launcher.click();
    await w.input.fill('Do you have gluten-free products?');
    await w.input.press('Enter');
    // Under the reply: thumbs up / down (the greeting is not a stored reply: none under it).
    const helpful = w.log.getByRole('button', { name: 'Helpful', exact: true });
    await expectPage.visible(helpful, 30_000);
    expect(await helpful.count()).toBe(1);
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    expect(await w.log.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(async () => (await recorded(page, chatbotId)).messages.filter((m) => m.feedback).map((m) => [m.sender_type, m.feedback]))
      .toEqual([['assistant', 'up']]);

    // A trigger phrase: the assistant asks first; No goes on without a transfer.
    const question = 'Would you like me to connect you with a member of our team?';
    await w.input.fill('Can I speak to a manager?');
    await w.input.press('Enter');
    await expectPage.visible(w.log.getByText(question));
    const answer = w.log.getByRole('group', { name: question });
    await answer.getByRole('button', { name: 'No' }).click();
    await expectPage.visible(w.log.getByText('No problem. What else can I help you with?'));
    expect(await answer.count()).toBe(0);
    const declined = await recorded(page, chatbotId);
    expect(declined.transfers).toHaveLength(0);
    // The owner's transcript has the answer and the reply, as the visitor saw them.
    expect(declined.messages.slice(-2).map((m) => [m.sender_type, m.content])).toEqual([
      ['user', 'No'],
      ['assistant', 'No problem. What else can I help you with?'],
    ]);

    // Yes records the transfer request and tells the visitor.
    await w.input.fill('Can I speak to a manager?');
    await w.input.press('Enter');
    await answer.getByRole('button', { name: 'Yes' }).click();
    await expectPage.visible(w.log.getByText('Let me connect you with a human agent who can better assist you.'));
    expect((await recorded(page, chatbotId)).transfers).toHaveLength(1);
    await owner.put(`/chatbots/${chatbotId}/settings`, DEFAULT_CONVERSATION_SETTINGS);
  });
});

describe('the embed widget against a stand-in API (the widget alone)', () => {
  const embedJs = () => readFileSync(resolve(siteBuildDir, 'embed.js'));
  const bot: PublicChatbot = {
    id: 'good-bot',
    business_name: 'Harbor Street Guest House',
    agent_name: 'Robin',
    agent_personality: 'friendly',
    agent_image: '',
    primary_color: '#0f766e',
    secondary_color: '#134e4a',
    chat_position: 'top-left',
    chat_style: 'classic',
    website_url: 'https://guesthouse.example',
    is_active: true,
    training_quality: 90,
    training_status: 'ready_for_deployment',
    welcome_message: '',
    typing_indicator: true,
    response_delay: 700,
    collect_feedback: false,
  };
  const chatRequests: { message: string; visitorToken?: string; contactName: string; chatbotId: string }[] = [];
  let product: TinyServer;
  let productOrigin: string;

  beforeAll(async () => {
    // One server, two origins: the page at 127.0.0.1, the product (embed.js, config.json, API) at localhost.
    product = await serve((req, res, body) => {
      const url = req.url ?? '/';
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(value));
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      if (url === '/embed.js') return res.writeHead(200, { 'content-type': 'application/javascript' }).end(embedJs());
      if (url === '/config.json') return json(200, { apiUrl: `${productOrigin}/api/` });
      if (url === '/api/public/chatbots/good-bot') return json(200, { chatbot: bot });
      if (url.startsWith('/api/public/chatbots/')) return json(404, { error: 'Chatbot not found or inactive' });
      if (url === '/api/chat' && req.method === 'POST') {
        const request = JSON.parse(body);
        chatRequests.push(request);
        if (request.message === 'flood') return json(429, { error: 'Too many messages. Please slow down.' });
        return json(200, {
          message:
            'Rooms: [click here](https://www.booking.com/hotel/harbor), ask at https://guesthouse.example/contact. ' +
            '[win](javascript:alert(1)) <img src=x onerror="window.__pwned=1">',
          conversationId: 'c1',
          messageId: 'm1',
          sources: [],
          transferRequested: false,
          visitorToken: `token-${chatRequests.length}`,
        });
      }
      const [, id] = /^\/page\/([\w-]+)$/.exec(url) ?? [];
      if (id) {
        // A page in windows-1252: the script (served without a charset) is decoded in the page's encoding.
        const embed = `<script src="http://localhost:${product.port}/embed.js" data-chatbot-id="${id}" async></script>`;
        return html(res, customerPage(embed).replace('<meta charset="utf-8">', ''), 'windows-1252');
      }
      res.writeHead(404).end();
    });
    productOrigin = `http://localhost:${product.port}`;
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('renders nothing for an inactive or unknown assistant, with one warning', async () => {
    const { page } = browser;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${product.url}/page/gone-bot`);
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBe(1);
    expect(warnings[0]).toMatch(/inactive or does not exist/);
    expect(await page.locator('assistant-widget').count()).toBe(0);
  });

  it('works with the keyboard, waits the response delay showing typing, shows errors in red and renders links safely', async () => {
    const { page } = browser;
    await page.goto(`${product.url}/page/good-bot`);
    const w = widget(page);
    await expectPage.visible(w.launcher);
    expect(await w.launcher.locator('svg').count()).toBe(1); // no agent image: the chat icon
    const launcherBox = await w.launcher.boundingBox();
    expect(launcherBox).toMatchObject({ x: 20, y: 20, width: 60, height: 60 });

    // Keyboard: focus the launcher, Enter opens and focuses the input; Escape closes and refocuses the launcher.
    await w.launcher.focus();
    await page.keyboard.press('Enter');
    await expectPage.visible(w.window);
    expect(await w.focused()).toBe('Type your message');
    await expectPage.visible(w.log.getByText("Hi there! I'm Robin from Harbor Street Guest House. How can I help you today?"));
    const windowBox = await w.window.boundingBox();
    expect(windowBox).toMatchObject({ x: 20, y: 92, width: 380, height: 600 });
    await page.keyboard.press('Escape');
    await expectPage.hidden(w.window);
    expect(await w.focused()).toBe('Chat with Robin');
    await page.keyboard.press('Enter');
    await expectPage.visible(w.window);

    // Blank input is ignored; Shift+Enter is a new line; the input holds at most 2000 characters.
    expect(await w.input.getAttribute('maxlength')).toBe('2000');
    await w.input.fill('   ');
    await w.input.press('Enter');
    await w.send.click();
    await page.waitForTimeout(300);
    expect(chatRequests).toHaveLength(0);
    await w.input.fill('Do you have rooms');
    await w.input.press('Shift+Enter');
    await w.input.pressSequentially('for Friday?');
    expect(await w.input.inputValue()).toBe('Do you have rooms\nfor Friday?');

    const sentAt = Date.now();
    await w.input.press('Enter');
    await expectPage.visible(w.log.getByText('typing...'));
    const bookHere = w.log.getByRole('link', { name: 'book here' });
    await expectPage.visible(bookHere);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(650);
    await expectPage.hidden(w.log.getByText('typing...'));
    expect(chatRequests[0]).toMatchObject({ message: 'Do you have rooms\nfor Friday?', chatbotId: 'good-bot', contactName: 'Website Visitor' });
    // The first message has no token; the server's reply brings one.
    expect(chatRequests[0]?.visitorToken).toBeUndefined();

    // This assistant does not collect feedback: no thumbs.
    expect(await w.log.getByRole('group', { name: 'Rate this answer' }).count()).toBe(0);
    expect(await bookHere.getAttribute('href')).toBe('https://www.booking.com/hotel/harbor');
    expect(await bookHere.getAttribute('target')).toBe('_blank');
    expect(await bookHere.getAttribute('rel')).toBe('noopener noreferrer');
    const contact = w.log.getByRole('link', { name: 'contact us' });
    expect(await contact.getAttribute('href')).toBe('https://guesthouse.example/contact');
    // javascript: and markup stay text.
    await expectPage.visible(w.log.getByText('[win](javascript:alert(1))', { exact: false }));
    await expectPage.visible(w.log.getByText('<img src=x onerror="window.__pwned=1">', { exact: false }));
    expect(await w.log.locator('a').count()).toBe(2);
    expect(await w.log.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // An error from the API is shown in a red bubble; the message carried the token of the last reply.
    await w.input.fill('flood');
    await w.input.press('Enter');
    const error = w.log.getByText('Too many messages. Please slow down.');
    await expectPage.visible(error);
    expect(await error.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(185, 28, 28)');
    expect(chatRequests[1]?.visitorToken).toBe('token-1');

    // The close button hides the window and gives focus back to the launcher.
    await w.close.click();
    await expectPage.hidden(w.window);
    expect(await w.focused()).toBe('Chat with Robin');
  });
});
