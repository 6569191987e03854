import * as z from 'zod';
import { chatbotSchema } from './chatbot.js';
import { teamRoles } from './roles.js';

export { teamRoles, type TeamRoleName } from './roles.js';

/** Spec 001 section 6: an invitation offers every role but owner (default member). */
export const invitableRoles = ['member', 'editor', 'admin'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** Days an invitation link works. */
export const INVITATION_DAYS = 7;
export const MAX_TEAM_NAME_CHARS = 100;
export const MAX_TEAM_DESCRIPTION_CHARS = 500;

/** Spec 001 section 3 "team", with the caller's own role in it. */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner_id: z.string(),
  created_at: z.string(),
  role: z.enum(teamRoles),
});
export type Team = z.infer<typeof teamSchema>;

/** Spec 001 section 3 "team_member"; the member's profile gives email and business_name. */
export const teamMemberSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  user_id: z.string(),
  role: z.enum(teamRoles),
  status: z.enum(['active', 'pending']),
  joined_at: z.string(),
  email: z.string(),
  business_name: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Spec 001 section 3 "team_invitation". */
export const teamInvitationSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  email: z.string(),
  role: z.enum(invitableRoles),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** POST /teams: spec 001 section 5, name required (trimmed), description optional. */
export const createTeamRequestSchema = z.object({
  name: z
    .string('Please enter a team name')
    .trim()
    .min(1, 'Please enter a team name')
    .max(MAX_TEAM_NAME_CHARS, `Team names can be at most ${MAX_TEAM_NAME_CHARS} characters`),
  description: z
    .string()
    .trim()
    .max(MAX_TEAM_DESCRIPTION_CHARS, `Descriptions can be at most ${MAX_TEAM_DESCRIPTION_CHARS} characters`)
    .optional()
    .transform((d) => d ?? ''),
});
export type CreateTeamRequest = z.input<typeof createTeamRequestSchema>;

/** POST /teams/{id}/invitations: spec 001 section 5, e-mail lower-cased and trimmed; role default member. */
export const inviteRequestSchema = z.object({
  email: z
    .string('Please enter an email address')
    .trim()
    .toLowerCase()
    .min(1, 'Please enter an email address')
    .pipe(z.email('Please enter a valid email address').max(254)),
  role: z.enum(invitableRoles, 'Role must be member, editor or admin').default('member'),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** PATCH /teams/{id}/members/{userId}: the owner role is never assignable. */
export const updateMemberRoleRequestSchema = z.object({
  role: z.enum(invitableRoles, 'Role must be admin, editor or member'),
});

/** PUT /chatbots/{id}/team: the team to share the assistant with, or null to share it with none. */
export const setChatbotTeamRequestSchema = z.object({
  team_id: z.string().min(1).max(100).nullable(),
});

/** GET /invitations/{id}: what the invited person sees before accepting. */
export const invitationViewSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  role: z.enum(invitableRoles),
  email: z.string(),
  invited_by_email: z.string(),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const teamListResponseSchema = z.object({ teams: z.array(teamSchema) });
export const teamResponseSchema = z.object({ team: teamSchema });
export const teamMemberListResponseSchema = z.object({ members: z.array(teamMemberSchema) });
export const teamMemberResponseSchema = z.object({ member: teamMemberSchema });
export const teamInvitationListResponseSchema = z.object({ invitations: z.array(teamInvitationSchema) });
export const teamInvitationResponseSchema = z.object({ invitation: teamInvitationSchema });
export const teamChatbotListResponseSchema = z.object({ chatbots: z.array(chatbotSchema) });
export const invitationViewResponseSchema = z.object({ invitation: invitationViewSchema });
export const acceptInvitationResponseSchema = z.object({ team: teamSchema });
