import type { RuntimeConfig } from '../../../functions/contracts/runtime-config.js';
import { assistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import type { MatrixContext } from './route-requests.js';

/** Every kind of caller the matrix tries (issue 12). */
export const callerKinds = ['anonymous', 'another owner', 'removed member', 'expired invitee', 'member', 'editor', 'admin', 'owner'] as const;
export type CallerKind = (typeof callerKinds)[number];

export interface TeamFixture {
  ctx: MatrixContext;
  teamId: string;
  clients: Record<CallerKind, ApiClient | undefined>;
  stop(): Promise<void>;
}

const subOf = (idToken: string): string => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub;

/**
 * An owner's assistant shared with their team, whose members are a member, an editor and an admin;
 * a former member removed from it; someone whose invitation expired unaccepted; and another owner.
 */
export async function teamFixture(apiUrl: string, config: RuntimeConfig, env: Record<string, string>): Promise<TeamFixture> {
  const { site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 3);
  const people = await Promise.all(
    (['another owner', 'removed member', 'expired invitee', 'member', 'editor', 'admin'] as const).map(async (kind) => {
      const user = await signUpAndSignIn(config);
      return { kind, user, id: subOf(user.idToken), client: apiClient(apiUrl, user.idToken) };
    }),
  );
  const person = (kind: CallerKind) => people.find((p) => p.kind === kind)!;
  const ownerId: string = (await owner.get('/account')).body.profile.user_id;

  const teamId = `team-${chatbotId}`;
  await withRuntimeEnv(env, async () => {
    const { db } = await import('../../../functions/core/data/db.js');
    const now = new Date().toISOString();
    const { entities } = db();
    await entities.team.create({ team_id: teamId, name: 'Matrix team', owner_id: ownerId, created_at: now }).go();
    const member = (user_id: string, role: 'owner' | 'admin' | 'editor' | 'member', email: string) =>
      entities.teamMember.create({ team_id: teamId, user_id, role, status: 'active', email, joined_at: now }).go();
    await member(ownerId, 'owner', 'owner@example.com');
    for (const kind of ['member', 'editor', 'admin'] as const) await member(person(kind).id, kind, person(kind).user.email);
    await member(person('removed member').id, 'editor', person('removed member').user.email);
    await entities.teamMember.delete({ team_id: teamId, user_id: person('removed member').id }).go();
    await entities.teamInvitation
      .create({
        invitation_id: crypto.randomUUID(),
        team_id: teamId,
        email: person('expired invitee').user.email,
        role: 'editor',
        invited_by: ownerId,
        created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        expires_at: new Date(Date.now() - 86_400_000).toISOString(),
      })
      .go();
    await entities.chatbot.patch({ chatbot_id: chatbotId }).set({ team_id: teamId }).go();
    await entities.sharedChatbot.create({ team_id: teamId, chatbot_id: chatbotId, owner_id: ownerId, shared_at: now }).go();
  });

  const chatbot = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot;
  const menu = 'Rye bread costs 5 dollars.';
  const upload = await owner.post('/knowledge/documents/upload-url', { fileName: 'menu.txt', size: menu.length });
  await fetch(upload.body.uploadUrl, { method: 'PUT', headers: upload.body.headers, body: menu });
  const doc = await owner.post('/knowledge/documents', { uploadId: upload.body.uploadId, fileName: 'menu.txt', chatbotId });
  if (doc.status !== 201) throw new Error(`fixture document: ${doc.status} ${JSON.stringify(doc.body)}`);
  const record = await owner.post(`/chatbots/${chatbotId}/training-records`, { user_message: 'Rye?', ai_response: 'Yes.', score: 60 });
  if (record.status !== 201) throw new Error(`fixture record: ${record.status}`);

  return {
    ctx: { chatbotId, entryId: doc.body.entry.id, recordId: record.body.record.id, siteUrl: site.url, settings: chatbot.conversation_settings, owner, apiUrl },
    teamId,
    clients: {
      anonymous: undefined,
      'another owner': person('another owner').client,
      'removed member': person('removed member').client,
      'expired invitee': person('expired invitee').client,
      member: person('member').client,
      editor: person('editor').client,
      admin: person('admin').client,
      owner,
    },
    stop: () => site.stop(),
  };
}
