import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn, uniqueEmail } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { assistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { invitationLinkIn, mailTo } from '../support/sent-mail.js';
import { joinedMember } from './authorization/team-fixture.js';

const { apiUrl, config, env } = inject('runtime');
const ses = env.AWS_ENDPOINT_URL_SESV2!;

async function newOwner(): Promise<ApiClient> {
  return apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
}

async function newTeam(owner: ApiClient, name = 'Front desk'): Promise<string> {
  const made = await owner.post('/teams', { name });
  expect(made.status).toBe(201);
  return made.body.team.id;
}

describe('teams', () => {
  it('a new team: name trimmed, description optional, the creator its active owner; newest first', async () => {
    const owner = await newOwner();
    const first = await owner.post('/teams', { name: '  Support crew  ' });
    expect(first.status).toBe(201);
    expect(first.body.team).toMatchObject({ name: 'Support crew', description: '', role: 'owner' });
    const second = await owner.post('/teams', { name: 'Sales', description: ' Leads and quotes ' });
    expect(second.body.team).toMatchObject({ name: 'Sales', description: 'Leads and quotes' });

    const listed = await owner.get('/teams');
    expect(listed.body.teams.map((t: { name: string }) => t.name)).toEqual(['Sales', 'Support crew']);
    const members = await owner.get(`/teams/${first.body.team.id}/members`);
    expect(members.body.members).toHaveLength(1);
    expect(members.body.members[0]).toMatchObject({ role: 'owner', status: 'active', business_name: 'Test Bakery' });
  });

  it('refuses a blank name with 400 and creates nothing', async () => {
    const owner = await newOwner();
    const res = await owner.post('/teams', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Please enter a team name');
    expect((await owner.get('/teams')).body.teams).toEqual([]);
  });
});

describe('invitations by e-mail', () => {
  let owner: ApiClient;
  let teamId: string;
  beforeAll(async () => {
    owner = await newOwner();
    teamId = await newTeam(owner, 'Bakery crew');
  });

  it('e-mails a lower-cased, trimmed address a link that works after signing up with it, once', async () => {
    const address = uniqueEmail('invitee');
    const invited = await owner.post(`/teams/${teamId}/invitations`, { email: `  ${address.toUpperCase()} ` });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ email: address, role: 'member', accepted_at: null });

    const [mail] = await mailTo(ses, address);
    expect(mail?.subject).toContain('invited you to join the team Bakery crew');
    expect(mail?.from).toContain('no-reply@assistly.local');
    const link = invitationLinkIn(mail!);
    const invitationId = new URL(link).pathname.split('/').pop()!;
    expect(invitationId).toBe(invited.body.invitation.id);
    // It names the invited address, for the sign-up form to fill in.
    expect(new URL(link).searchParams.get('email')).toBe(address);
    expect((await owner.get(`/teams/${teamId}/invitations`)).body.invitations.map((i: { email: string }) => i.email)).toContain(address);

    // Someone else holding the link cannot use it.
    const stranger = await newOwner();
    const elsewhere = await stranger.get(`/invitations/${invitationId}`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toContain('sent to another e-mail address');
    expect((await stranger.post(`/invitations/${invitationId}/accept`)).status).toBe(403);

    // The invitee has no account yet: they sign up with the invited address.
    const invitee = apiClient(apiUrl, (await signUpAndSignIn(config, 'Invitee Cafe', address)).idToken);
    const view = await invitee.get(`/invitations/${invitationId}`);
    expect(view.status).toBe(200);
    expect(view.body.invitation).toMatchObject({ team_name: 'Bakery crew', role: 'member', email: address });
    const accepted = await invitee.post(`/invitations/${invitationId}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.team).toMatchObject({ id: teamId, role: 'member' });

    const again = await invitee.post(`/invitations/${invitationId}/accept`);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('This invitation has already been used.');
    const members = (await owner.get(`/teams/${teamId}/members`)).body.members;
    expect(members.find((m: { email: string }) => m.email === address)).toMatchObject({ role: 'member', status: 'active', business_name: 'Invitee Cafe' });
    expect((await owner.get(`/teams/${teamId}/invitations`)).body.invitations.map((i: { email: string }) => i.email)).not.toContain(address);
    expect((await invitee.get('/teams')).body.teams.map((t: { id: string }) => t.id)).toEqual([teamId]);
  });

  it('refuses a second pending invitation, an existing member, a bad address and the owner role (nothing sent)', async () => {
    const address = uniqueEmail('twice');
    expect((await owner.post(`/teams/${teamId}/invitations`, { email: address, role: 'editor' })).status).toBe(201);
    const twice = await owner.post(`/teams/${teamId}/invitations`, { email: address });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(`An invitation to ${address} is already pending`);
    expect(await mailTo(ses, address)).toHaveLength(1);

    const ownerEmail = (await owner.get('/account')).body.profile.email;
    expect((await owner.post(`/teams/${teamId}/invitations`, { email: ownerEmail })).status).toBe(409);
    expect((await owner.post(`/teams/${teamId}/invitations`, { email: 'not-an-address' })).status).toBe(400);
    const asOwner = await owner.post(`/teams/${teamId}/invitations`, { email: uniqueEmail('x'), role: 'owner' });
    expect(asOwner.status).toBe(400);
  });

  it('an expired invitation is not listed and its page says it expired', async () => {
    const address = uniqueEmail('late');
    const invited = await owner.post(`/teams/${teamId}/invitations`, { email: address, role: 'editor' });
    await withRuntimeEnv(env, async () => {
      const { db } = await import('../../functions/core/data/db.js');
      await db()
        .entities.teamInvitation.patch({ invitation_id: invited.body.invitation.id })
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .go();
    });
    expect((await owner.get(`/teams/${teamId}/invitations`)).body.invitations.map((i: { email: string }) => i.email)).not.toContain(address);
    const invitee = apiClient(apiUrl, (await signUpAndSignIn(config, 'Late', address)).idToken);
    const view = await invitee.get(`/invitations/${invited.body.invitation.id}`);
    expect(view.status).toBe(410);
    expect(view.body.error).toContain('This invitation has expired');
    expect((await invitee.post(`/invitations/${invited.body.invitation.id}/accept`)).status).toBe(410);
    expect((await invitee.get('/teams')).body.teams).toEqual([]);
  });

  it('a cancelled invitation is gone: not listed, its link a 404', async () => {
    const address = uniqueEmail('cancelled');
    const invited = await owner.post(`/teams/${teamId}/invitations`, { email: address });
    expect((await owner.delete(`/teams/${teamId}/invitations/${invited.body.invitation.id}`)).status).toBe(200);
    expect((await owner.get(`/teams/${teamId}/invitations`)).body.invitations.map((i: { email: string }) => i.email)).not.toContain(address);
    const invitee = apiClient(apiUrl, (await signUpAndSignIn(config, 'Gone', address)).idToken);
    const view = await invitee.get(`/invitations/${invited.body.invitation.id}`);
    expect(view.status).toBe(404);
    expect(view.body.error).toBe('This invitation does not exist or was cancelled.');
  });
});

describe('members: roles and removal', () => {
  let owner: ApiClient;
  let teamId: string;
  beforeAll(async () => {
    owner = await newOwner();
    teamId = await newTeam(owner);
  });

  it('an admin changes a member to admin, editor or member, never the owner nor themself; owner is not assignable', async () => {
    const admin = await joinedMember(apiUrl, config, owner, teamId, 'admin');
    const member = await joinedMember(apiUrl, config, owner, teamId, 'member');
    const ownerId = (await owner.get('/account')).body.profile.user_id;

    const promoted = await admin.client.patch(`/teams/${teamId}/members/${member.id}`, { role: 'editor' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ user_id: member.id, role: 'editor' });

    const onOwner = await admin.client.patch(`/teams/${teamId}/members/${ownerId}`, { role: 'member' });
    expect(onOwner.status).toBe(403);
    expect(onOwner.body.error).toBe("The team's owner cannot be changed or removed.");
    const onSelf = await admin.client.patch(`/teams/${teamId}/members/${admin.id}`, { role: 'member' });
    expect(onSelf.status).toBe(403);
    expect(onSelf.body.error).toBe('You cannot change your own role or remove yourself.');
    expect((await admin.client.patch(`/teams/${teamId}/members/${member.id}`, { role: 'owner' })).status).toBe(400);
    expect((await admin.client.delete(`/teams/${teamId}/members/${ownerId}`)).status).toBe(403);

    // An editor manages nothing.
    const byEditor = await member.client.patch(`/teams/${teamId}/members/${admin.id}`, { role: 'member' });
    expect(byEditor.status).toBe(403);
    const roles = Object.fromEntries(
      (await owner.get(`/teams/${teamId}/members`)).body.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role]),
    );
    expect(roles).toMatchObject({ [ownerId]: 'owner', [admin.id]: 'admin', [member.id]: 'editor' });
  });

  it('a removed member no longer sees the team or its shared assistant', async () => {
    const { site, owner: botOwner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 2);
    try {
      const team = await newTeam(botOwner, 'Shared');
      expect((await botOwner.put(`/chatbots/${chatbotId}/team`, { team_id: team })).status).toBe(200);
      const member = await joinedMember(apiUrl, config, botOwner, team, 'member');
      expect((await member.client.get(`/chatbots/${chatbotId}`)).status).toBe(200);
      expect((await botOwner.delete(`/teams/${team}/members/${member.id}`)).status).toBe(200);
      expect((await member.client.get(`/chatbots/${chatbotId}`)).status).toBe(404);
      expect((await member.client.get(`/teams/${team}/members`)).status).toBe(404);
      expect((await member.client.get('/teams')).body.teams).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});

describe('sharing an assistant with a team', () => {
  const fixture = {} as Awaited<ReturnType<typeof assistantFromFixtureSite>>;
  beforeAll(async () => {
    Object.assign(fixture, await assistantFromFixtureSite(apiUrl, config, 2));
  });
  afterAll(async () => {
    await fixture.site?.stop();
  });

  it("only the assistant's owner shares it, with a team of theirs; members then act in their role", async () => {
    const { owner, chatbotId } = fixture;
    const teamId = await newTeam(owner, 'Shared team');
    const editor = await joinedMember(apiUrl, config, owner, teamId, 'editor');
    const member = await joinedMember(apiUrl, config, owner, teamId, 'member');
    expect((await member.client.get(`/chatbots/${chatbotId}`)).status).toBe(404);

    // A team the owner is not in is as unknown as a missing one.
    const elsewhere = await newTeam(await newOwner());
    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: elsewhere })).status).toBe(404);

    const shared = await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId });
    expect(shared.status).toBe(200);
    expect(shared.body.chatbot.team_id).toBe(teamId);
    expect((await member.client.get(`/teams/${teamId}/chatbots`)).body.chatbots.map((c: { id: string }) => c.id)).toEqual([chatbotId]);

    expect((await member.client.get(`/chatbots/${chatbotId}`)).status).toBe(200);
    const readOnly = await member.client.patch(`/chatbots/${chatbotId}`, { agent_name: 'Mallory' });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error).toContain('Your role in this team (member)');
    expect((await editor.client.patch(`/chatbots/${chatbotId}`, { agent_name: 'Edith' })).body.chatbot.agent_name).toBe('Edith');
    // Moving it between teams and deleting it stay the owner's.
    expect((await editor.client.put(`/chatbots/${chatbotId}/team`, { team_id: null })).status).toBe(403);
    expect((await editor.client.delete(`/chatbots/${chatbotId}`)).status).toBe(403);

    const unshared = await owner.put(`/chatbots/${chatbotId}/team`, { team_id: null });
    expect(unshared.body.chatbot.team_id).toBeNull();
    expect((await member.client.get(`/teams/${teamId}/chatbots`)).body.chatbots).toEqual([]);
    expect((await editor.client.get(`/chatbots/${chatbotId}`)).status).toBe(404);
  });
});
