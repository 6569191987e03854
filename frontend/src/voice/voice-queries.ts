import type { VoiceSettings, VoiceSettingsInput } from '@contracts/voice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { useApi } from '@/lib/api';
import { getVoiceAnalytics, getVoiceSettings, updateVoiceSettings } from '@/lib/voice-api';

const voiceSettingsKey = (userId: string, chatbotId: string) => ['voice-settings', userId, chatbotId] as const;

export function useVoiceSettingsQuery(chatbotId: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: voiceSettingsKey(userId, chatbotId ?? ''),
    queryFn: ({ signal }) => getVoiceSettings(api, chatbotId ?? '', signal),
    enabled: userId !== '' && Boolean(chatbotId),
  });
}

export function useUpdateVoiceSettingsMutation() {
  const api = useApi();
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatbotId, input }: { chatbotId: string; input: VoiceSettingsInput }) => updateVoiceSettings(api, chatbotId, input),
    onSuccess: (settings: VoiceSettings, { chatbotId }) => queryClient.setQueryData(voiceSettingsKey(userId, chatbotId), settings),
  });
}

/** The Analytics tab's figures; read again each time the tab opens (a voice chat may just have ended). */
export function useVoiceAnalyticsQuery(chatbotId: string | null) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: ['voice-analytics', userId, chatbotId ?? ''] as const,
    queryFn: ({ signal }) => getVoiceAnalytics(api, chatbotId ?? '', signal),
    enabled: userId !== '' && Boolean(chatbotId),
    refetchOnMount: 'always',
  });
}
