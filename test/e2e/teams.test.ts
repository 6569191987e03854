import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn, uniqueEmail, type TestUser } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { invitationLinkIn, mailTo } from '../support/sent-mail.js';
import { useBrowser } from './browser.js';
import { expect as expectPage } from './page-expect.js';
import { enterMailedCode, signInToDashboard } from './sign-in.js';

const { webUrl, apiUrl, config, env } = inject('runtime');
const browser = useBrowser();
const TEAM = 'Front Desk';

async function openScreen(page: Page, link: string, path: string) {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL(new RegExp(`/dashboard/${path}$`));
}

/** The link of the invitation e-mail the SES stand-in holds for `address` (sent before the API answered). */
async function invitationLink(address: string): Promise<string> {
  const mails = await mailTo(env.AWS_ENDPOINT_URL_SESV2!, address);
  expect(mails).toHaveLength(1);
  return invitationLinkIn(mails[0]!);
}

/** Waits until the realtime gateway knows a dashboard socket of the member with this address. */
async function liveConnectionOf(owner: ApiClient, teamId: string, address: string): Promise<void> {
  const members: { email: string; user_id: string }[] = (await owner.get(`/teams/${teamId}/members`)).body.members;
  const userId = members.find((m) => m.email === address)!.user_id;
  const { connectionsOfUser } = await withRuntimeEnv(env, () => import('../../functions/core/realtime/connections.js'));
  await expect.poll(() => withRuntimeEnv(env, () => connectionsOfUser(userId)), { timeout: 15_000 }).not.toHaveLength(0);
}

describe('teams in the browser (issue 12)', () => {
  let site: FixtureSite;
  let owner: TestUser;
  let business: string;
  let chatbotId: string;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, hangingPage: false });
    owner = await signUpAndSignIn(config, 'Team Owner');
    const api = apiClient(apiUrl, owner.idToken);
    const chatbot = (await api.post('/chatbots', { websiteUrl: site.url })).body.chatbot;
    business = chatbot.businessName;
    chatbotId = chatbot.id;
    await waitForCrawl(api, chatbot.id);
    const entry = await api.post('/knowledge', { title: 'Opening hours', content: 'Open 8 to 18 on weekdays.', chatbot_id: chatbot.id });
    expect(entry.status).toBe(201);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('an invitee signs up through the e-mailed link, sees the shared assistant read-only, then edits knowledge as editor', async () => {
    const { page } = browser;
    const address = uniqueEmail('invitee');

    // The owner makes a team, invites an address and shares the assistant from its card.
    await signInToDashboard(page, webUrl, owner);
    await openScreen(page, 'Teams', 'teams');
    await page.getByRole('button', { name: 'New Team' }).click();
    const newTeam = page.getByRole('dialog', { name: 'Create New Team' });
    await newTeam.getByLabel('Team Name').fill(`  ${TEAM} `);
    await newTeam.getByRole('button', { name: 'Create Team' }).click();
    await expectPage.visible(page.getByText('Team created successfully'));
    await expectPage.visible(page.getByText('Your role: Owner'));

    await page.getByRole('button', { name: 'Invite Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Team Member' });
    await invite.getByLabel('Email Address').fill(address.toUpperCase());
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expectPage.visible(page.getByText(`Invitation sent to ${address}`));
    await expectPage.visible(page.getByRole('tab', { name: 'Pending (1)' }));

    await openScreen(page, 'Assistants', 'assistants');
    const ownCard = page.getByRole('group', { name: business });
    await ownCard.getByLabel('Team').selectOption({ label: TEAM });
    await expectPage.visible(page.getByText(`Shared with ${TEAM}`));

    // The invitee opens the e-mailed link at another computer, signs up with the invited address and joins.
    const link = await invitationLink(address);
    const invitee = await browser.otherPage();
    await invitee.goto(link);
    await invitee.waitForURL(`${webUrl}/auth`);
    await invitee.getByRole('tab', { name: 'Sign Up' }).click();
    await invitee.getByLabel('Email').fill(address);
    await invitee.getByLabel('Password').fill('Invitee-password-1');
    await invitee.getByLabel('Business Name').fill('Invited Helper');
    await invitee.getByRole('button', { name: 'Sign Up' }).click();
    await enterMailedCode(invitee, env.AWS_ENDPOINT_URL_SESV2!, address);
    await expectPage.visible(invitee.getByText(`Join ${TEAM}`));
    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await expectPage.visible(invitee.getByText(`You joined ${TEAM}`));
    await invitee.waitForURL(/\/dashboard\/teams$/);

    // As a member: the shared assistant is listed, marked with its team, with nothing to change.
    await openScreen(invitee, 'Assistants', 'assistants');
    const sharedCard = invitee.getByRole('group', { name: business });
    await expectPage.visible(sharedCard.getByText(`Shared · ${TEAM}`));
    await expectPage.visible(sharedCard.getByText('Your role: Member'));
    for (const control of [sharedCard.getByRole('link', { name: 'Configure' }), sharedCard.getByRole('button', { name: /Delete/ })]) {
      expect(await control.count()).toBe(0);
    }
    expect(await sharedCard.getByLabel('Team').count()).toBe(0);

    // The inbox is live for them too: a visitor's new conversation appears without a reload, to read only.
    await invitee.goto(`${webUrl}/conversations`);
    await expectPage.visible(invitee.getByText('All Conversations'));
    const ownerApi = apiClient(apiUrl, owner.idToken);
    const teamId: string = (await ownerApi.get('/teams')).body.teams[0].id;
    await liveConnectionOf(ownerApi, teamId, address);
    const chat = await fetch(`${apiUrl}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatbotId, message: 'Do you sell sourdough?' }),
    });
    expect(chat.status).toBe(200);
    await invitee.getByText('Enquiry: Do you sell sourdough?').click();
    await expectPage.visible(invitee.getByRole('note').getByText(/View only: replying needs an editor/));

    await invitee.goto(`${webUrl}/dashboard/knowledge`);
    const entry = invitee.getByRole('article', { name: 'Opening hours' });
    await expectPage.visible(entry.getByText(business, { exact: true }));
    expect(await entry.getByRole('button', { name: 'Edit Opening hours' }).count()).toBe(0);
    expect(await invitee.getByRole('button', { name: 'Add Knowledge' }).count()).toBe(0);

    // The other screens show the shared assistant in the selector, read-only.
    await openScreen(invitee, 'Controls', 'controls');
    await expectPage.visible(invitee.getByRole('note').getByText(/View only/));
    expect(await invitee.getByLabel('AI Assistant').locator('option:checked').textContent()).toBe(`${business} (shared · ${TEAM})`);
    expect(await invitee.getByRole('button', { name: 'Save Settings' }).count()).toBe(0);
    await openScreen(invitee, 'Workflows', 'workflows');
    await expectPage.visible(invitee.getByRole('note').getByText(/View only/));
    expect(await invitee.getByRole('button', { name: 'Create Workflow' }).count()).toBe(0);
    await openScreen(invitee, 'Voice AI', 'voice');
    await expectPage.visible(invitee.getByRole('note').getByText(/View only/));
    await openScreen(invitee, 'Knowledge', 'knowledge');

    // The owner makes them an editor.
    await openScreen(page, 'Teams', 'teams');
    await page.getByLabel(`Role of ${address}`).selectOption('editor');
    await expectPage.visible(page.getByText('Member role updated'));

    // As an editor they change the shared assistant's knowledge.
    await invitee.reload();
    await entry.getByRole('button', { name: 'Edit Opening hours' }).click();
    const edit = invitee.getByRole('dialog', { name: 'Edit Knowledge Entry' });
    await edit.getByLabel('Content').fill('Open 7 to 19 on weekdays.');
    await edit.getByRole('button', { name: 'Update Entry' }).click();
    await expectPage.visible(invitee.getByText('Knowledge entry updated successfully'));
    await expectPage.visible(entry.getByText('Open 7 to 19 on weekdays.'));

    // The owner sees the editor's change in their own knowledge.
    await openScreen(page, 'Knowledge', 'knowledge');
    await expectPage.visible(page.getByRole('article', { name: 'Opening hours' }).getByText('Open 7 to 19 on weekdays.'));
  });
});
