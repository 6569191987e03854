import type { EntityItem } from 'electrodb';
import { randomUUID } from 'node:crypto';
import { INVITATION_DAYS, type InvitableRole, type InvitationView, type Team, type TeamInvitation } from '../../contracts/teams.js';
import { authorizeTeam, type Caller } from '../access/authorize.js';
import { db } from '../data/db.js';
import type { teamInvitationEntity } from '../data/team-entities.js';
import { HttpError, notFound } from '../http/http-error.js';
import { sendMail } from '../mail/send-mail.js';
import { dependencyOutage } from '../runtime/dependency-outage.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { invitationMail } from './invitation-mail.js';
import { getTeam, memberRecord, toTeam } from './teams.js';

type StoredInvitation = EntityItem<ReturnType<typeof teamInvitationEntity>>;

export const INVITATION_GONE_MESSAGE = 'This invitation does not exist or was cancelled.';
export const INVITATION_USED_MESSAGE = 'This invitation has already been used.';
export const INVITATION_EXPIRED_MESSAGE = "This invitation has expired. Ask the team's owner or an admin to invite you again.";
export const INVITATION_ELSEWHERE_MESSAGE =
  'This invitation was sent to another e-mail address. Sign in with the address it was sent to, or ask for an invitation to yours.';

const toInvitation = (i: StoredInvitation): TeamInvitation => ({
  id: i.invitation_id,
  team_id: i.team_id,
  email: i.email,
  role: i.role,
  invited_by: i.invited_by,
  created_at: i.created_at,
  expires_at: i.expires_at,
  accepted_at: i.accepted_at ?? null,
});

const isPending = (i: StoredInvitation, now: string) => !i.accepted_at && i.expires_at > now;

/**
 * The link in the e-mail: the dashboard's invitation page (it signs the person in or up first). It names
 * the invited address, so that someone without an account lands on Sign Up with it filled in; the
 * server still accepts the invitation only from that address.
 */
export const invitationLink = (invitationId: string, email: string) =>
  `${requireEnv('PUBLIC_SITE_URL')}/invitations/${invitationId}?${new URLSearchParams({ email })}`;

async function teamInvitations(teamId: string): Promise<StoredInvitation[]> {
  const { data } = await db().entities.teamInvitation.query.byTeam({ team_id: teamId }).go({ pages: 'all', order: 'desc' });
  return data;
}

/** Spec 001: only unaccepted, unexpired invitations are listed (Pending tab), newest first. */
export async function pendingInvitations(caller: Caller, teamId: string, now = new Date()): Promise<TeamInvitation[]> {
  await authorizeTeam(caller, teamId);
  return (await teamInvitations(teamId)).filter((i) => isPending(i, now.toISOString())).map(toInvitation);
}

/**
 * Invites an address (already lower-cased and trimmed by the contract) to the team and e-mails it the
 * link through SES. When the e-mail cannot be sent, the invitation is withdrawn and the error says so.
 */
export async function inviteMember(caller: Caller, teamId: string, input: { email: string; role: InvitableRole }, now = new Date()): Promise<TeamInvitation> {
  await authorizeTeam(caller, teamId);
  const [team, { data: members }, invitations] = await Promise.all([
    getTeam(teamId),
    db().entities.teamMember.query.byTeam({ team_id: teamId }).go({ pages: 'all' }),
    teamInvitations(teamId),
  ]);
  if (members.some((m) => m.email === input.email)) throw new HttpError(409, `${input.email} is already a member of this team`);
  if (invitations.some((i) => i.email === input.email && isPending(i, now.toISOString()))) {
    throw new HttpError(409, `An invitation to ${input.email} is already pending`);
  }
  const invitation = {
    invitation_id: randomUUID(),
    team_id: teamId,
    email: input.email,
    role: input.role,
    invited_by: caller.userId,
    invited_by_email: caller.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
  };
  await db().entities.teamInvitation.create(invitation).go();
  try {
    await sendMail(
      invitationMail({
        to: input.email,
        teamName: team.name,
        role: input.role,
        inviter: caller.businessName ? `${caller.email} (${caller.businessName})` : caller.email,
        link: invitationLink(invitation.invitation_id, input.email),
        expiresAt: invitation.expires_at,
      }),
    );
  } catch (error) {
    log.error('Sending an invitation failed; withdrawing it', { teamId, error });
    await db().entities.teamInvitation.delete({ invitation_id: invitation.invitation_id }).go();
    const cause = dependencyOutage(error) ? 'the e-mail service did not answer' : `the e-mail service refused it (${(error as Error).message})`;
    throw new HttpError(dependencyOutage(error) ? 503 : 502, `The invitation e-mail could not be sent: ${cause}. Nobody was invited; please try again.`);
  }
  return toInvitation(invitation);
}

export async function cancelInvitation(caller: Caller, teamId: string, invitationId: string): Promise<void> {
  await authorizeTeam(caller, teamId);
  const { data } = await db().entities.teamInvitation.get({ invitation_id: invitationId }).go();
  if (!data || data.team_id !== teamId) throw notFound('Invitation not found');
  if (data.accepted_at) throw new HttpError(409, 'This invitation was already accepted; remove the member instead.');
  await db().entities.teamInvitation.delete({ invitation_id: invitationId }).go();
}

/** The invitation as its addressee may use it: theirs, unused and unexpired; else why not. */
async function usableInvitation(caller: Caller, invitationId: string, now: Date): Promise<StoredInvitation> {
  const { data } = await db().entities.teamInvitation.get({ invitation_id: invitationId }).go();
  if (!data) throw notFound(INVITATION_GONE_MESSAGE);
  if (data.email !== caller.email.toLowerCase()) throw new HttpError(403, INVITATION_ELSEWHERE_MESSAGE);
  if (data.accepted_at) throw new HttpError(410, INVITATION_USED_MESSAGE);
  if (data.expires_at <= now.toISOString()) throw new HttpError(410, INVITATION_EXPIRED_MESSAGE);
  return data;
}

/** GET /invitations/{id}: the invitation page, for the signed-in addressee. */
export async function viewInvitation(caller: Caller, invitationId: string, now = new Date()): Promise<InvitationView> {
  const invitation = await usableInvitation(caller, invitationId, now);
  const team = await getTeam(invitation.team_id).catch(() => {
    throw notFound(INVITATION_GONE_MESSAGE);
  });
  return {
    id: invitation.invitation_id,
    team_id: team.team_id,
    team_name: team.name,
    role: invitation.role,
    email: invitation.email,
    invited_by_email: invitation.invited_by_email,
    expires_at: invitation.expires_at,
  };
}

/** Accepts once: the invitation is marked used and the addressee becomes an active member, together. */
export async function acceptInvitation(caller: Caller, invitationId: string, now = new Date()): Promise<Team> {
  const invitation = await usableInvitation(caller, invitationId, now);
  const team = await getTeam(invitation.team_id);
  const { data: existing } = await db().entities.teamMember.get({ team_id: team.team_id, user_id: caller.userId }).go();
  const at = now.toISOString();
  const { canceled } = await db()
    .transaction.write(({ teamInvitation, teamMember }) => [
      teamInvitation
        .patch({ invitation_id: invitationId })
        .set({ accepted_at: at, accepted_by: caller.userId })
        .where((attr, op) => op.notExists(attr.accepted_at))
        .commit(),
      // Someone who joined meanwhile keeps their place and role.
      ...(existing ? [] : [teamMember.create(memberRecord(caller, team.team_id, invitation.role, at)).commit()]),
    ])
    .go();
  if (canceled) throw new HttpError(410, INVITATION_USED_MESSAGE);
  return toTeam(team, existing?.role ?? invitation.role);
}
