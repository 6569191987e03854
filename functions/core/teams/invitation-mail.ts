import type { InvitableRole } from '../../contracts/teams.js';
import type { Mail } from '../mail/send-mail.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ROLE_RIGHTS: Record<InvitableRole, string> = {
  member: 'see its shared assistants',
  editor: 'see and edit its shared assistants',
  admin: 'see and edit its shared assistants and manage the team',
};

/** The invitation e-mail: who invites, to which team and role, and the link (valid 7 days, for this address). */
export function invitationMail(args: {
  to: string;
  teamName: string;
  role: InvitableRole;
  inviter: string;
  link: string;
  expiresAt: string;
}): Mail {
  const expires = new Date(args.expiresAt).toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const subject = `${args.inviter} invited you to join the team ${args.teamName}`;
  const text = [
    `${args.inviter} invited you to join the team "${args.teamName}" as ${args.role}: you will ${ROLE_RIGHTS[args.role]}.`,
    '',
    `Accept the invitation: ${args.link}`,
    '',
    `The link works once, for ${args.to} only, until ${expires}. If you have no account yet, you can sign up with this address from the link.`,
  ].join('\n');
  const html = `<p>${escapeHtml(args.inviter)} invited you to join the team <strong>${escapeHtml(args.teamName)}</strong> as ${args.role}: you will ${ROLE_RIGHTS[args.role]}.</p>
<p><a href="${escapeHtml(args.link)}">Accept the invitation</a></p>
<p>The link works once, for ${escapeHtml(args.to)} only, until ${escapeHtml(expires)}. If you have no account yet, you can sign up with this address from the link.</p>`;
  return { to: args.to, subject, text, html };
}
