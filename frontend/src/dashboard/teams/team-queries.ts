import type { CreateTeamRequest, InvitableRole, InviteRequest } from '@contracts/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import {
  cancelInvitation,
  changeMemberRole,
  createTeam,
  inviteMember,
  listMembers,
  listPendingInvitations,
  listTeamChatbots,
  listTeams,
  removeMember,
  setChatbotTeam,
} from '@/lib/teams-api';

/** Cache keys of the teams API, per signed-in user. */
export const teamKeys = {
  all: (userId: string) => ['teams', userId] as const,
  list: (userId: string) => ['teams', userId, 'list'] as const,
  members: (userId: string, teamId: string) => ['teams', userId, teamId, 'members'] as const,
  invitations: (userId: string, teamId: string) => ['teams', userId, teamId, 'invitations'] as const,
  chatbots: (userId: string, teamId: string) => ['teams', userId, teamId, 'chatbots'] as const,
};

export function useTeamsQuery() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({ queryKey: teamKeys.list(userId), queryFn: ({ signal }) => listTeams(api, signal), enabled: userId !== '' });
}

/** Members, pending invitations and shared assistants of the selected team. */
export function useTeamData(teamId: string | undefined) {
  const api = useApi();
  const userId = useUserId();
  const enabled = userId !== '' && Boolean(teamId);
  const id = teamId ?? '';
  return {
    members: useQuery({ queryKey: teamKeys.members(userId, id), queryFn: ({ signal }) => listMembers(api, id, signal), enabled }),
    invitations: useQuery({ queryKey: teamKeys.invitations(userId, id), queryFn: ({ signal }) => listPendingInvitations(api, id, signal), enabled }),
    chatbots: useQuery({ queryKey: teamKeys.chatbots(userId, id), queryFn: ({ signal }) => listTeamChatbots(api, id, signal), enabled }),
  };
}

function useTeamsRefresh() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) });
}

export function useCreateTeam() {
  const api = useApi();
  const refresh = useTeamsRefresh();
  return useMutation({ mutationFn: (body: CreateTeamRequest) => createTeam(api, body), onSuccess: refresh });
}

export function useInviteMember(teamId: string) {
  const api = useApi();
  const refresh = useTeamsRefresh();
  return useMutation({ mutationFn: (body: InviteRequest) => inviteMember(api, teamId, body), onSuccess: refresh });
}

export function useCancelInvitation(teamId: string) {
  const api = useApi();
  const refresh = useTeamsRefresh();
  return useMutation({ mutationFn: (invitationId: string) => cancelInvitation(api, teamId, invitationId), onSuccess: refresh });
}

export function useChangeMemberRole(teamId: string) {
  const api = useApi();
  const refresh = useTeamsRefresh();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InvitableRole }) => changeMemberRole(api, teamId, userId, role),
    onSuccess: refresh,
  });
}

export function useRemoveMember(teamId: string) {
  const api = useApi();
  const refresh = useTeamsRefresh();
  return useMutation({ mutationFn: (userId: string) => removeMember(api, teamId, userId), onSuccess: refresh });
}

/** The owner shares an assistant with a team (or none): the assistants' and the teams' lists change. */
export function useSetChatbotTeam() {
  const api = useApi();
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ chatbotId, teamId }: { chatbotId: string; teamId: string | null }) => setChatbotTeam(api, chatbotId, teamId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chatbotKeys.all(userId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all(userId) }),
      ]),
  });
}
