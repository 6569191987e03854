import { chatbotResponseSchema, type Chatbot } from '@contracts/chatbot';
import {
  acceptInvitationResponseSchema,
  invitationViewResponseSchema,
  teamChatbotListResponseSchema,
  teamInvitationListResponseSchema,
  teamInvitationResponseSchema,
  teamListResponseSchema,
  teamMemberListResponseSchema,
  teamMemberResponseSchema,
  teamResponseSchema,
  type CreateTeamRequest,
  type InvitableRole,
  type InvitationView,
  type InviteRequest,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from '@contracts/teams';
import * as z from 'zod';
import type { ApiClient } from '@/lib/api';

const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;

export async function listTeams(api: ApiClient, signal?: AbortSignal): Promise<Team[]> {
  return (await api.request('/teams', { schema: teamListResponseSchema, signal })).teams;
}

export async function createTeam(api: ApiClient, body: CreateTeamRequest): Promise<Team> {
  return (await api.request('/teams', { method: 'POST', body, schema: teamResponseSchema })).team;
}

export async function listMembers(api: ApiClient, teamId: string, signal?: AbortSignal): Promise<TeamMember[]> {
  return (await api.request(`${teamPath(teamId)}/members`, { schema: teamMemberListResponseSchema, signal })).members;
}

export async function listPendingInvitations(api: ApiClient, teamId: string, signal?: AbortSignal): Promise<TeamInvitation[]> {
  return (await api.request(`${teamPath(teamId)}/invitations`, { schema: teamInvitationListResponseSchema, signal })).invitations;
}

export async function listTeamChatbots(api: ApiClient, teamId: string, signal?: AbortSignal): Promise<Chatbot[]> {
  return (await api.request(`${teamPath(teamId)}/chatbots`, { schema: teamChatbotListResponseSchema, signal })).chatbots;
}

export async function inviteMember(api: ApiClient, teamId: string, body: InviteRequest): Promise<TeamInvitation> {
  return (await api.request(`${teamPath(teamId)}/invitations`, { method: 'POST', body, schema: teamInvitationResponseSchema })).invitation;
}

export async function cancelInvitation(api: ApiClient, teamId: string, invitationId: string): Promise<void> {
  await api.request(`${teamPath(teamId)}/invitations/${encodeURIComponent(invitationId)}`, {
    method: 'DELETE',
    schema: z.object({ cancelled: z.literal(true) }),
  });
}

export async function changeMemberRole(api: ApiClient, teamId: string, userId: string, role: InvitableRole): Promise<TeamMember> {
  return (
    await api.request(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
      schema: teamMemberResponseSchema,
    })
  ).member;
}

export async function removeMember(api: ApiClient, teamId: string, userId: string): Promise<void> {
  await api.request(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: z.object({ removed: z.literal(true) }),
  });
}

/** PUT /chatbots/{id}/team: the owner shares the assistant with a team of theirs, or with none. */
export async function setChatbotTeam(api: ApiClient, chatbotId: string, teamId: string | null): Promise<Chatbot> {
  return (await api.request(`/chatbots/${encodeURIComponent(chatbotId)}/team`, { method: 'PUT', body: { team_id: teamId }, schema: chatbotResponseSchema }))
    .chatbot;
}

export async function getInvitation(api: ApiClient, id: string, signal?: AbortSignal): Promise<InvitationView> {
  return (await api.request(`/invitations/${encodeURIComponent(id)}`, { schema: invitationViewResponseSchema, signal })).invitation;
}

export async function acceptInvitation(api: ApiClient, id: string): Promise<Team> {
  return (await api.request(`/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST', schema: acceptInvitationResponseSchema })).team;
}
