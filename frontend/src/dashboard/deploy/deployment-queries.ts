import type { ChannelCredentials, DeploymentResponse, SocialPlatform, UpdateWebsiteChannelRequest } from '@contracts/deployment';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { useApi } from '@/lib/api';
import { connectChannel, disconnectChannel, getDeployment, testChannelConnection, updateWebsiteChannel } from '@/lib/deployment-api';

/** How often the Deployment Center looks again for the widget going live. */
const LIVE_POLL_MS = 15_000;

const deploymentKey = (userId: string, chatbotId: string) => [...chatbotKeys.all(userId), 'deployment', chatbotId] as const;

/** GET /chatbots/{id}/deployment, refreshed now and then so "Live on ..." appears once the widget loads somewhere. */
export function useDeploymentQuery(chatbotId: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: deploymentKey(userId, chatbotId ?? ''),
    queryFn: ({ signal }) => getDeployment(api, chatbotId ?? '', signal),
    enabled: userId !== '' && Boolean(chatbotId),
    refetchInterval: LIVE_POLL_MS,
  });
}

/** After a channel change the assistant's deployment_channels changed too: its list and detail are read again. */
function useRefreshAfterChange(chatbotId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return {
    store: (update: (previous: DeploymentResponse) => DeploymentResponse) =>
      queryClient.setQueryData<DeploymentResponse>(deploymentKey(userId, chatbotId), (previous) => previous && update(previous)),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deploymentKey(userId, chatbotId) }),
        queryClient.invalidateQueries({ queryKey: chatbotKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: chatbotKeys.detail(userId, chatbotId) }),
      ]),
  };
}

/** PUT /chatbots/{id}/website-channel */
export function useUpdateWebsiteChannelMutation(chatbotId: string) {
  const api = useApi();
  const { store, refresh } = useRefreshAfterChange(chatbotId);
  return useMutation({
    mutationFn: (body: UpdateWebsiteChannelRequest) => updateWebsiteChannel(api, chatbotId, body),
    onSuccess: (website) => {
      store((previous) => ({ ...previous, website }));
      return refresh();
    },
  });
}

/** PUT /chatbots/{id}/channels/{platform} */
export function useConnectChannelMutation(chatbotId: string, platform: SocialPlatform) {
  const api = useApi();
  const { store, refresh } = useRefreshAfterChange(chatbotId);
  return useMutation({
    mutationFn: (credentials: ChannelCredentials) => connectChannel(api, chatbotId, platform, credentials),
    onSuccess: (channel) => {
      store((previous) => ({ ...previous, channels: [...previous.channels.filter((c) => c.platform !== platform), channel] }));
      return refresh();
    },
  });
}

/** DELETE /chatbots/{id}/channels/{platform} */
export function useDisconnectChannelMutation(chatbotId: string, platform: SocialPlatform) {
  const api = useApi();
  const { store, refresh } = useRefreshAfterChange(chatbotId);
  return useMutation({
    mutationFn: () => disconnectChannel(api, chatbotId, platform),
    onSuccess: () => {
      store((previous) => ({ ...previous, channels: previous.channels.filter((c) => c.platform !== platform) }));
      return refresh();
    },
  });
}

/** POST /test-channel-connection: changes nothing, so nothing is read again. */
export function useTestChannelMutation(chatbotId: string, platform: SocialPlatform) {
  const api = useApi();
  return useMutation({
    mutationFn: (config?: ChannelCredentials) => testChannelConnection(api, { channelId: platform, chatbotId, config }),
  });
}
