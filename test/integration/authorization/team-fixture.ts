import type { RuntimeConfig } from '../../../functions/contracts/runtime-config.js';
import { signUpAndSignIn, subOf, uniqueEmail, type TestUser } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { assistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import type { MatrixContext } from './route-requests.js';

/** Every kind of caller the matrix tries (issue 12). */
export const callerKinds = ['anonymous', 'another owner', 'removed member', 'expired invitee', 'member', 'editor', 'admin', 'owner'] as const;
export type CallerKind = (typeof callerKinds)[number];

export interface TeamFixture {
  ctx: MatrixContext;
  ownerId: string;
  clients: Record<CallerKind, ApiClient | undefined>;
  stop(): Promise<void>;
}

function expectStatus(what: string, res: { status: number; body: unknown }, status: number) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
}

/** The owner invites a new user with `role`; the user accepts through the API, as the e-mailed link would. */
export async function joinedMember(
  apiUrl: string,
  config: RuntimeConfig,
  owner: ApiClient,
  teamId: string,
  role: 'member' | 'editor' | 'admin',
): Promise<{ user: TestUser; id: string; client: ApiClient; invitationId: string }> {
  const user = await signUpAndSignIn(config);
  const client = apiClient(apiUrl, user.idToken);
  const invited = await owner.post(`/teams/${teamId}/invitations`, { email: user.email, role });
  expectStatus('invitation', invited, 201);
  expectStatus('acceptance', await client.post(`/invitations/${invited.body.invitation.id}/accept`), 200);
  return { user, id: subOf(user.idToken), client, invitationId: invited.body.invitation.id };
}

/**
 * Through the API: an owner's assistant shared with the owner's team, whose members are a member, an
 * editor and an admin; a former member the owner removed; someone whose invitation expired before they
 * accepted it (its expiry moved into the past in the table: a week cannot pass in a test); and another
 * owner outside the team.
 */
export async function teamFixture(apiUrl: string, config: RuntimeConfig, env: Record<string, string>): Promise<TeamFixture> {
  const { site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 3);
  const ownerId: string = (await owner.get('/account')).body.profile.user_id;
  const team = await owner.post('/teams', { name: 'Matrix team' });
  expectStatus('team', team, 201);
  const teamId: string = team.body.team.id;
  expectStatus('sharing', await owner.put(`/chatbots/${chatbotId}/team`, { team_id: teamId }), 200);

  const join = (role: 'member' | 'editor' | 'admin') => joinedMember(apiUrl, config, owner, teamId, role);
  const [member, editor, admin, removed, target, outsider, late] = await Promise.all([
    join('member'),
    join('editor'),
    join('admin'),
    join('editor'),
    join('member'),
    signUpAndSignIn(config),
    signUpAndSignIn(config),
  ]);
  expectStatus('removal', await owner.delete(`/teams/${teamId}/members/${removed.id}`), 200);
  const lateInvitation = await owner.post(`/teams/${teamId}/invitations`, { email: late.email, role: 'editor' });
  expectStatus('late invitation', lateInvitation, 201);
  await withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    await db()
      .entities.teamInvitation.patch({ invitation_id: lateInvitation.body.invitation.id })
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .go();
  });
  const lateClient = apiClient(apiUrl, late.idToken);
  expectStatus('accepting an expired invitation', await lateClient.post(`/invitations/${lateInvitation.body.invitation.id}/accept`), 410);
  // An invitation nobody of the matrix holds: the account routes on invitations meet someone else's.
  const foreign = await owner.post(`/teams/${teamId}/invitations`, { email: uniqueEmail('invitee'), role: 'member' });
  expectStatus('foreign invitation', foreign, 201);

  const chatbot = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot;
  const menu = 'Rye bread costs 5 dollars.';
  const upload = await owner.post('/knowledge/documents/upload-url', { fileName: 'menu.txt', size: menu.length });
  await fetch(upload.body.uploadUrl, { method: 'PUT', headers: upload.body.headers, body: menu });
  const doc = await owner.post('/knowledge/documents', { uploadId: upload.body.uploadId, fileName: 'menu.txt', chatbotId });
  expectStatus('fixture document', doc, 201);
  const record = await owner.post(`/chatbots/${chatbotId}/training-records`, { user_message: 'Rye?', ai_response: 'Yes.', score: 60 });
  expectStatus('fixture record', record, 201);

  return {
    ctx: {
      chatbotId,
      entryId: doc.body.entry.id,
      recordId: record.body.record.id,
      siteUrl: site.url,
      settings: chatbot.conversation_settings,
      owner,
      apiUrl,
      teamId,
      targetUserId: target.id,
      invitationId: foreign.body.invitation.id,
      freshMemberId: async () => (await join('member')).id,
      freshInvitationId: async () => {
        const made = await owner.post(`/teams/${teamId}/invitations`, { email: uniqueEmail('invitee'), role: 'member' });
        expectStatus('fresh invitation', made, 201);
        return made.body.invitation.id;
      },
    },
    ownerId,
    clients: {
      anonymous: undefined,
      'another owner': apiClient(apiUrl, outsider.idToken),
      'removed member': removed.client,
      'expired invitee': lateClient,
      member: member.client,
      editor: editor.client,
      admin: admin.client,
      owner,
    },
    stop: () => site.stop(),
  };
}
