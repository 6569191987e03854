import { describe, expect, inject, it } from 'vitest';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { joinedMember } from './authorization/team-fixture.js';

const { apiUrl, config } = inject('runtime');

interface Listed {
  id: string;
  role: string;
  team_name: string | null;
}

const byId = (chatbots: Listed[], id: string) => chatbots.find((c) => c.id === id);
const titles = (entries: { title: string }[]) => entries.map((e) => e.title);

/**
 * Issue 12: team members see shared assistants in every dashboard screen with their role's rights.
 * The assistants list and the selectors (GET /chatbots) carry the shared assistant with the caller's
 * role and its team's name; the knowledge list carries what it answers from: its entries and its owner's
 * entries for all assistants (issue 30), nothing of the owner's other assistants.
 */
describe('assistants shared with a team, as its members see them', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);

  it('the list, the selectors and the knowledge list show the shared assistant in the caller role, until it is unshared', async () => {
    const { owner, chatbotId } = fixture;
    const made = await owner.post('/teams', { name: 'Front desk' });
    const teamId: string = made.body.team.id;
    const member = await joinedMember(apiUrl, config, owner, teamId, 'member');
    const editor = await joinedMember(apiUrl, config, owner, teamId, 'editor');

    // Before sharing: nothing of the owner's in the members' lists.
    expect(byId((await member.client.get('/chatbots')).body.chatbots, chatbotId)).toBeUndefined();

    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId })).body.chatbot).toMatchObject({
      team_id: teamId,
      team_name: 'Front desk',
      role: 'owner',
    });
    const forBot = await owner.post('/knowledge', { title: 'Opening hours', content: 'Open 8 to 18.', chatbot_id: chatbotId });
    expect(forBot.status).toBe(201);
    const forAll = await owner.post('/knowledge', { title: 'Supplier prices', content: 'Flour costs 1 dollar.', chatbot_id: 'all' });
    expect(forAll.status).toBe(201);

    expect(byId((await owner.get('/chatbots')).body.chatbots, chatbotId)).toMatchObject({ role: 'owner', team_name: 'Front desk' });
    expect(byId((await member.client.get('/chatbots')).body.chatbots, chatbotId)).toMatchObject({ role: 'member', team_name: 'Front desk' });
    expect(byId((await member.client.get('/chatbots?sort=business_name')).body.chatbots, chatbotId)).toMatchObject({ role: 'member' });
    expect((await member.client.get(`/chatbots/${chatbotId}`)).body.chatbot).toMatchObject({ role: 'member', team_name: 'Front desk' });
    expect(byId((await editor.client.get('/chatbots')).body.chatbots, chatbotId)).toMatchObject({ role: 'editor' });

    const seenByMember = titles((await member.client.get('/knowledge')).body.entries);
    expect(seenByMember).toContain('Opening hours');
    expect(seenByMember).toContain('Supplier prices');

    // A new role shows at once in what the API says of the assistant.
    expect((await owner.patch(`/teams/${teamId}/members/${member.id}`, { role: 'editor' })).status).toBe(200);
    expect(byId((await member.client.get('/chatbots')).body.chatbots, chatbotId)).toMatchObject({ role: 'editor' });

    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: null })).body.chatbot).toMatchObject({ team_id: null, team_name: null });
    expect(byId((await member.client.get('/chatbots')).body.chatbots, chatbotId)).toBeUndefined();
    expect(titles((await member.client.get('/knowledge')).body.entries)).not.toContain('Opening hours');
    expect(titles((await member.client.get('/knowledge')).body.entries)).not.toContain('Supplier prices');
    expect(titles((await owner.get('/knowledge')).body.entries)).toEqual(expect.arrayContaining(['Opening hours', 'Supplier prices']));
  });
});

/** Issue 30: a member's Knowledge screen showed 0 entries for a shared assistant answering from its owner's entries for all assistants. */
describe("a shared assistant's owner's entries for all assistants", () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);

  it('are listed and read by its members, and changed by its owner only', async () => {
    const { owner, chatbotId } = fixture;
    const teamId: string = (await owner.post('/teams', { name: 'Counter' })).body.team.id;
    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId })).status).toBe(200);
    const member = await joinedMember(apiUrl, config, owner, teamId, 'member');
    const editor = await joinedMember(apiUrl, config, owner, teamId, 'editor');
    const made = [];
    for (let i = 1; i <= 7; i++) {
      const res = await owner.post('/knowledge', { title: `House rule ${i}`, content: `Rule number ${i} of the house.`, chatbot_id: 'all' });
      expect(res.status).toBe(201);
      made.push(res.body.entry as { id: string; title: string });
    }

    for (const who of [member, editor]) {
      const listed = (await who.client.get('/knowledge')).body.entries as { id: string; title: string; chatbot_id: string | null }[];
      expect(listed.filter((e) => e.chatbot_id === null).map((e) => e.title).sort()).toEqual(made.map((e) => e.title).sort());
    }
    const one = made[0]!;
    expect((await member.client.get(`/knowledge/${one.id}`)).body.entry).toMatchObject({ title: 'House rule 1', chatbot_id: null });

    // It also answers on the owner's assistants the team does not share: only the owner changes it.
    const edit = await editor.client.patch(`/knowledge/${one.id}`, { title: 'Changed' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toMatch(/only their owner/);
    expect((await editor.client.put(`/knowledge/${one.id}/active`, { is_active: false })).status).toBe(403);
    expect((await editor.client.delete(`/knowledge/${one.id}`)).status).toBe(403);
    expect((await owner.get(`/knowledge/${one.id}`)).body.entry).toMatchObject({ title: 'House rule 1', is_active: true });

    // Someone outside the team sees none of them.
    const outsider = await joinedMember(apiUrl, config, owner, (await owner.post('/teams', { name: 'Elsewhere' })).body.team.id, 'admin');
    expect(titles((await outsider.client.get('/knowledge')).body.entries)).not.toContain('House rule 1');
    expect((await outsider.client.get(`/knowledge/${one.id}`)).status).toBe(404);
  });
});

/** Issue 12: quota and billing stay the owner's. */
describe("a team member's work on a shared assistant", () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);

  it("counts against the owner's account, never against the member's own free assistant", async () => {
    const { owner, chatbotId, site } = fixture;
    const ownerId: string = (await owner.get('/account')).body.profile.user_id;
    const teamId: string = (await owner.post('/teams', { name: 'Kitchen' })).body.team.id;
    expect((await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId })).status).toBe(200);
    const editor = await joinedMember(apiUrl, config, owner, teamId, 'editor');

    expect((await editor.client.patch(`/chatbots/${chatbotId}`, { agent_name: 'Edith' })).status).toBe(200);
    const entry = await editor.client.post('/knowledge', { title: 'Gluten free', content: 'Gluten-free rolls on Fridays.', chatbot_id: chatbotId });
    expect(entry.status).toBe(201);
    expect(entry.body.entry.user_id).toBe(ownerId);
    expect((await editor.client.post(`/chatbots/${chatbotId}/chat`, { message: 'Do you have gluten-free rolls?', session: 'quota' })).status).toBe(200);

    // The entry is in the owner's knowledge; the editor's account has used nothing of its own.
    expect(titles((await owner.get('/knowledge')).body.entries)).toContain('Gluten free');
    expect((await editor.client.get('/account')).body.subscription.chatbots_created).toBe(0);
    expect((await owner.get('/account')).body.subscription.chatbots_created).toBe(1);
    const ownAssistant = await editor.client.post('/chatbots', { websiteUrl: site.url });
    expect(ownAssistant.status).toBe(201);
    expect((await editor.client.get('/account')).body.subscription.chatbots_created).toBe(1);
  });
});
