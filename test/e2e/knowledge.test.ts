import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { pdfFixture, pngBytes } from '../support/document-fixtures.js';
import { KNOWLEDGE_UPDATE_TEXT } from '../../functions/contracts/chatbot.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config } = inject('runtime');
const browser = useBrowser();

/** Asks the Assistants screen's test chat and returns the conversation log. */
async function askTestChat(page: Page, business: string, question: string) {
  await page.getByRole('link', { name: 'Assistants' }).click();
  await page.waitForURL(/\/dashboard\/assistants$/);
  // The card says so while the latest knowledge change is being learned (re-indexed after the answer).
  await expectPage.hidden(page.getByText(KNOWLEDGE_UPDATE_TEXT.updating), 20_000);
  await page.getByLabel(business, { exact: true }).first().click();
  const input = page.getByPlaceholder(/Type your message/);
  await input.fill(question);
  await input.press('Enter');
  return page.getByLabel(`Conversation with ${business}`);
}

describe('Knowledge screen in the browser', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let chatbot: { id: string; businessName: string; websiteUrl: string };
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 10, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Knowledge Owner');
    const api = apiClient(apiUrl, owner.idToken);
    chatbot = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot;
    await waitForCrawl(api, chatbot.id);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('a manual entry answers in the test chat; switching it off and deleting it show in the list', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Knowledge' }).click();
    await page.waitForURL(/\/dashboard\/knowledge$/);
    await expectPage.visible(page.getByText('No Knowledge Entries Found'));

    await page.getByRole('button', { name: 'Add Your First Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Knowledge' });
    await expectPage.visible(dialog);
    // Both fields are required: nothing is sent without them.
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expectPage.visible(dialog.getByText('Please enter a title'));
    await dialog.getByLabel('Title').fill('Thursday special loaf');
    await dialog
      .getByLabel('Content')
      .fill('Every Thursday we bake the Cardamom Comet, a braided cardamom loaf with orange zest, for 6.40 pounds.');
    await dialog.getByLabel('Type').selectOption('faq');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await expectPage.visible(page.getByText('Knowledge entry created successfully'));
    await expectPage.hidden(dialog);

    const card = page.getByRole('article', { name: 'Thursday special loaf' });
    await expectPage.visible(card);
    for (const badge of ['FAQ', 'All assistants', 'Active']) await expectPage.visible(card.getByText(badge, { exact: true }));
    await expectPage.visible(page.getByText('1 entry', { exact: true }));

    const log = await askTestChat(page, chatbot.businessName, 'Which loaf do you bake on Thursdays?');
    await expectPage.visible(log.getByText(/Cardamom Comet/), 20_000);

    await page.getByRole('link', { name: 'Knowledge' }).click();
    await page.getByRole('switch', { name: 'Deactivate Thursday special loaf' }).click();
    await expectPage.visible(page.getByText('Entry Deactivated'));
    await expectPage.visible(page.getByText('Knowledge entry is now inactive'));
    await expectPage.visible(card.getByText('Inactive', { exact: true }));
    await page.getByRole('switch', { name: 'Activate Thursday special loaf' }).click();
    await expectPage.visible(page.getByText('Knowledge entry is now active'));
    await expectPage.visible(card.getByText('Active', { exact: true }));

    // Filters narrow the list; the empty state then offers to clear them.
    await page.getByLabel('Filter by type').selectOption('document');
    await expectPage.visible(page.getByText('No Knowledge Entries Found'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search knowledge').fill('cardamom');
    await expectPage.visible(card);

    await page.getByRole('button', { name: 'Delete Thursday special loaf' }).click();
    await expectPage.visible(page.getByText('Knowledge entry deleted successfully'));
    await expectPage.hidden(card);
    await page.reload();
    await expectPage.visible(page.getByText('No Knowledge Entries Found'));
    await expectPage.visible(page.getByRole('button', { name: 'Add Your First Entry' }));
    const { body } = await apiClient(apiUrl, owner.idToken).get('/knowledge');
    expect(body.entries).toEqual([]);
  });

  it('an edited entry is saved for one assistant and shows its name', async () => {
    const { page } = browser;
    await apiClient(apiUrl, owner.idToken).post('/knowledge', {
      title: 'Parking',
      content: 'Free parking behind the shop.',
      type: 'context',
      chatbot_id: null,
    });
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Knowledge' }).click();
    const card = page.getByRole('article', { name: 'Parking' });
    await card.getByRole('button', { name: 'Edit Parking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Knowledge Entry' });
    await dialog.getByLabel('Content').fill('Free parking for 20 cars behind the shop.');
    await dialog.getByLabel('Assistant').selectOption({ label: chatbot.businessName });
    await dialog.getByRole('button', { name: 'Update Entry' }).click();
    await expectPage.visible(page.getByText('Knowledge entry updated successfully'));
    await expectPage.visible(card.getByText('Free parking for 20 cars behind the shop.'));
    await expectPage.visible(card.getByText(chatbot.businessName, { exact: true }));

    await page.getByLabel('Filter by assistant').selectOption('Unassigned');
    await expectPage.hidden(card);
    await page.getByLabel('Filter by assistant').selectOption({ label: chatbot.businessName });
    await expectPage.visible(card);

    // Editing it again starts from the saved text, not from what the dialog showed the first time.
    await card.getByRole('button', { name: 'Edit Parking' }).click();
    await expectPage.visible(dialog);
    expect(await dialog.getByLabel('Content').inputValue()).toBe('Free parking for 20 cars behind the shop.');
  });

  it('an uploaded PDF becomes an entry with its file, and the test chat answers from it', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Knowledge' }).click();
    await page.getByRole('button', { name: 'Add Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Knowledge' });
    await dialog.getByRole('tab', { name: 'Upload Document' }).click();
    const upload = dialog.getByRole('button', { name: 'Upload and Process' });
    expect(await upload.isDisabled()).toBe(true);

    // An image is refused before anything is sent.
    await dialog.getByLabel('Document', { exact: true }).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes()) });
    await expectPage.visible(page.getByText('Unsupported File Type'));
    await expectPage.visible(page.getByText('Please select a supported file type: .txt, .json, .csv, .md, .pdf, .doc, .docx'));
    expect(await upload.isDisabled()).toBe(true);

    const pdf = Buffer.from(await pdfFixture(['The loyalty card gives a free loaf after 9 purchases.']));
    await dialog.getByLabel('Document', { exact: true }).setInputFiles({ name: 'Loyalty programme.pdf', mimeType: 'application/pdf', buffer: pdf });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Loyalty programme.pdf');
    expect(await dialog.getByLabel('Type').inputValue()).toBe('document');
    await upload.click();
    await expectPage.hidden(dialog, 30_000);

    const card = page.getByRole('article', { name: 'Loyalty programme.pdf' });
    await expectPage.visible(card);
    await expectPage.visible(card.getByText('Document', { exact: true }));
    await expectPage.visible(card.getByText(/^\d+(\.\d+)? (Bytes|KB)$/));
    await expectPage.visible(card.getByText(/free loaf after 9 purchases/));
    // The file opens in a new tab through a fresh short-lived link that serves the uploaded bytes.
    const [tab, fileRequest] = await Promise.all([
      page.waitForEvent('popup'),
      page.context().waitForEvent('request', (request) => request.frame().page() !== page && request.url().startsWith('http')),
      card.getByRole('button', { name: /Open file/ }).click(),
    ]);
    const served = await fetch(fileRequest.url());
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    await tab.close();

    const log = await askTestChat(page, chatbot.businessName, 'How many purchases before the loyalty card gives a free loaf?');
    await expectPage.visible(log.getByText(/free loaf after 9 purchases/), 20_000);
  });

  it('Website FAQs: the URL is checked, then FAQ entries from the site are listed', async () => {
    const { page } = browser;
    await signInToDashboard(page, webUrl, owner);
    await page.getByRole('link', { name: 'Knowledge' }).click();
    await page.getByRole('button', { name: 'Add Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Knowledge' });
    await dialog.getByRole('tab', { name: 'Website FAQs' }).click();
    await expectPage.visible(dialog.getByText(/8-15 frequently asked questions.*may take a minute/));
    const generate = dialog.getByRole('button', { name: 'Generate FAQs' });

    await generate.click();
    await expectPage.visible(page.getByText('Validation Error'));
    await expectPage.visible(page.getByText('Please enter a website URL'));
    await dialog.getByLabel('Website URL').fill('not a url');
    await generate.click();
    await expectPage.visible(page.getByText('Invalid URL'));
    await expectPage.visible(page.getByText('Please enter a valid website URL'));

    await dialog.getByLabel('Website URL').fill('');
    // Choosing the assistant offers its website.
    await dialog.getByLabel('Assistant').selectOption({ label: chatbot.businessName });
    expect(await dialog.getByLabel('Website URL').inputValue()).toBe(chatbot.websiteUrl);
    await generate.click();
    const toast = page.getByText(/^Generated \d+ FAQs from /);
    await expectPage.visible(toast, 60_000);
    expect((await toast.innerText()).endsWith(`FAQs from ${chatbot.websiteUrl}`)).toBe(true);
    await expectPage.hidden(dialog);

    const { body } = await apiClient(apiUrl, owner.idToken).get('/knowledge');
    const faqs = body.entries.filter((e: { type: string }) => e.type === 'faq');
    expect(faqs.length).toBeGreaterThanOrEqual(8);
    expect(faqs.every((e: { chatbot_id: string | null }) => e.chatbot_id === chatbot.id)).toBe(true);
    await page.getByLabel('Filter by type').selectOption('faq');
    await expect.poll(() => page.getByRole('article').count()).toBe(faqs.length);
    await expectPage.visible(page.getByText(`${faqs.length} of ${body.entries.length} entries`));
  });
});
