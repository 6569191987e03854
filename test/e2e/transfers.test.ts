import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { chatVisitor } from '../support/visitor.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

describe('Agent Transfers in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let api: ApiClient;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Transfer Owner');
    api = apiClient(apiUrl, owner.idToken);
    chatbotId = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('saves the settings, a visitor asking for a person shows in Transfer History, and the inbox takes it over and resolves it', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Transfers' }).click();
    await page.waitForURL(/\/dashboard\/transfers$/);
    await expectPage.visible(page.getByRole('heading', { name: 'Agent Transfers' }));
    await expectPage.visible(page.getByRole('tab', { name: 'Settings' }));

    // The spec's defaults: off, the five keywords, 300 seconds.
    const enable = page.getByRole('switch', { name: 'Enable Agent Transfers' });
    expect(await enable.getAttribute('aria-checked')).toBe('false');
    await expectPage.visible(page.getByRole('list', { name: 'Auto-transfer keywords' }).getByText('speak to someone'));
    expect(await page.getByLabel('Escalation Timeout (seconds)').inputValue()).toBe('300');

    await enable.click();
    await page.getByRole('textbox', { name: 'Trigger Phrases', exact: true }).fill('  Wrong Order ');
    await page.getByRole('textbox', { name: 'Trigger Phrases', exact: true }).press('Enter');
    // The same phrase again in other letters is ignored.
    await page.getByRole('textbox', { name: 'Trigger Phrases', exact: true }).fill('WRONG ORDER');
    await page.getByRole('textbox', { name: 'Trigger Phrases', exact: true }).press('Enter');
    const phrases = page.getByRole('list', { name: 'Transfer trigger phrases' }).getByRole('listitem');
    expect(await phrases.allInnerTexts()).toEqual(['wrong order']);
    await page.getByRole('textbox', { name: 'Agent E-mails', exact: true }).fill('Help@Example.com');
    await page.getByRole('textbox', { name: 'Agent E-mails', exact: true }).press('Enter');
    await page.getByRole('textbox', { name: 'Agent E-mails', exact: true }).fill('help@example.com');
    await page.getByRole('textbox', { name: 'Agent E-mails', exact: true }).press('Enter');
    expect(await page.getByRole('list', { name: 'Agent e-mails' }).getByRole('listitem').allInnerTexts()).toEqual(['help@example.com']);
    await page.getByLabel('Agent Availability').selectOption('custom');
    await page.getByLabel('Time Zone').selectOption('Europe/London');
    // Not a number: saved as the fallback of 300 seconds.
    await page.getByLabel('Escalation Timeout (seconds)').fill('');
    await page.getByLabel('Fallback Message').fill('A baker will be with you shortly.');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectPage.visible(page.getByText('Transfer settings saved successfully!'));

    const stored = (await api.get(`/chatbots/${chatbotId}/transfer-settings`)).body.settings;
    expect(stored).toMatchObject({
      enabled: true,
      triggers: ['wrong order'],
      agent_emails: ['help@example.com'],
      agent_availability: 'custom',
      time_zone: 'Europe/London',
      escalation_timeout: 300,
      fallback_message: 'A baker will be with you shortly.',
    });

    // A visitor asks for a person through the public chat, with the settings just saved.
    const visitor = chatVisitor(apiUrl, chatbotId);
    const reply = (await visitor.ask('You sent me the wrong order')).body;
    // Outside the custom hours (Monday to Friday, 09:00-17:00 London) the visitor also hears when a person is back.
    expect(reply.transferRequested).toBe(true);
    expect(reply.message).toMatch(/^A baker will be with you shortly\.( Our team is away right now; a person will be back .+ \(Europe\/London time\)\.)?$/);

    await page.reload();
    // The visitor's unread message shows on the inbox's sidebar item until the conversation is opened.
    expect(await page.getByTestId('sidebar-unread').textContent()).toBe('1');
    await page.getByRole('tab', { name: 'Transfer History' }).click();
    const transfer = page.getByRole('list', { name: 'Agent transfers' }).getByRole('listitem');
    await expectPage.visible(transfer.getByText('Transfer trigger: "wrong order"'));
    await expectPage.visible(transfer.getByText('Pending'));
    await transfer.getByRole('link', { name: 'Open conversation' }).click();
    await page.waitForURL(/\/conversations\?conversation=/);
    await expectPage.visible(page.getByText('You sent me the wrong order').last());

    // The owner takes the conversation over from the inbox: the assistant stops answering it.
    await page.getByRole('button', { name: 'Take over' }).click();
    await expectPage.visible(page.getByText('Conversation taken over: the assistant stops answering'));
    await expectPage.visible(page.getByText('You are answering'));
    // Acknowledged, not answered by the assistant.
    const silent = (await visitor.ask('Are you still there?')).body;
    expect(silent).toMatchObject({ message: 'Your message is with the team', personAnswering: true });
    await expectPage.visible(page.getByText('Are you still there?'));

    await page.goto(`${webUrl}/dashboard/transfers`);
    await page.getByRole('tab', { name: 'Transfer History' }).click();
    await expectPage.visible(transfer.getByText('In progress'));
    await expectPage.visible(transfer.getByText(`Agent: ${owner.email.toLowerCase()}`));

    // Resolved from the inbox: Transfer History says so and the assistant answers again.
    await transfer.getByRole('link', { name: 'Open conversation' }).click();
    await page.getByRole('button', { name: 'Resolve' }).click();
    await expectPage.visible(page.getByText('Conversation resolved'));
    await page.goto(`${webUrl}/dashboard/transfers`);
    await page.getByRole('tab', { name: 'Transfer History' }).click();
    await expectPage.visible(transfer.getByText('Resolved'));
    const answered = (await visitor.ask('Do you bake bread?')).body;
    expect(answered.personAnswering).toBeUndefined();
    expect(answered.message).not.toBe('');
  });
});
