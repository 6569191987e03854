import { afterAll, describe, expect, inject, it } from 'vitest';
import type WebSocket from 'ws';
import { startFixtureSite, type FixtureSite } from '../../local/sample-site.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl } from '../support/api-client.js';
import { dashboardSocket } from '../support/dashboard-socket.js';
import { subOf } from '../support/accounts.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { joinedMember } from './authorization/team-fixture.js';

const runtime = inject('runtime');
const { apiUrl, config } = runtime;

async function visitorChat(chatbotId: string, message: string) {
  const res = await fetch(`${apiUrl}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatbotId, message }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { conversationId: string };
}

/** Issue 12: live inbox updates go to every member who may read the conversation, and nobody else. */
describe('live inbox updates to the readers of a shared assistant', () => {
  let site: FixtureSite | undefined;
  const sockets: WebSocket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await site?.stop();
  });

  it("a visitor's message and a reply reach the owner's and the team members' open dashboards, not an outsider's", async () => {
    site = await startFixtureSite({ pages: 2, hangingPage: false });
    const ownerUser = await signUpAndSignIn(config);
    const owner = apiClient(apiUrl, ownerUser.idToken);
    const chatbotId: string = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
    const teamId: string = (await owner.post('/teams', { name: 'Live desk' })).body.team.id;
    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId })).status).toBe(200);
    const [member, editor, outsider] = await Promise.all([
      joinedMember(apiUrl, config, owner, teamId, 'member'),
      joinedMember(apiUrl, config, owner, teamId, 'editor'),
      signUpAndSignIn(config),
    ]);
    const live = {
      owner: await dashboardSocket(runtime, ownerUser.idToken),
      member: await dashboardSocket(runtime, member.user.idToken),
      outsider: await dashboardSocket(runtime, outsider.idToken),
    };
    sockets.push(...Object.values(live).map((l) => l.socket));

    const { conversationId } = await visitorChat(chatbotId, 'Do you bake rye bread?');
    const update = { type: 'inbox', chatbot_id: chatbotId, conversation_id: conversationId };
    expect(await live.owner.message(0)).toEqual(update);
    expect(await live.member.message(0)).toEqual(update);

    // The editor answers in the inbox: the owner and the member see that change too.
    expect((await editor.client.post(`/conversations/${conversationId}/messages`, { content: 'Yes, every day.' })).status).toBe(201);
    expect(await live.owner.message(1)).toEqual(update);
    expect(await live.member.message(1)).toEqual(update);

    // Both were sent before their requests were answered: the outsider's first message is the answer to its ping.
    live.outsider.socket.send(JSON.stringify({ action: 'ping', id: 'after' }));
    expect(await live.outsider.message(0)).toMatchObject({ type: 'pong', id: 'after' });
  });

  it("the owner's dashboards opened and closed between a warm assistant's turns are told as they are then", async () => {
    site ??= await startFixtureSite({ pages: 2, hangingPage: false });
    const ownerUser = await signUpAndSignIn(config);
    const owner = apiClient(apiUrl, ownerUser.idToken);
    const chatbotId: string = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id;
    await waitForCrawl(owner, chatbotId);
    const openSockets = () =>
      withRuntimeEnv(runtime.env, async () => (await import('../../functions/core/realtime/connections.js')).connectionsOfUser(subOf(ownerUser.idToken)));
    // No dashboard open: the turn (which now knows the assistant's owner) tells nobody.
    await visitorChat(chatbotId, 'Do you bake rye bread?');

    // Opened after that turn: the next turn reads the owner's sockets with the assistant and tells this one.
    const first = await dashboardSocket(runtime, ownerUser.idToken);
    sockets.push(first.socket);
    const [firstId] = await openSockets();
    const second = await visitorChat(chatbotId, 'Do you sell sourdough?');
    expect(await first.message(0)).toEqual({ type: 'inbox', chatbot_id: chatbotId, conversation_id: second.conversationId });

    // Closed, and another opened: the closed one leaves the owner's sockets, the new one is told.
    first.socket.close();
    await expect.poll(openSockets).not.toContain(firstId);
    const replacement = await dashboardSocket(runtime, ownerUser.idToken);
    sockets.push(replacement.socket);
    expect(await openSockets()).toHaveLength(1);
    const third = await visitorChat(chatbotId, 'Can I order a cake?');
    expect(await replacement.message(0)).toEqual({ type: 'inbox', chatbot_id: chatbotId, conversation_id: third.conversationId });
  });
});
