import type { AnalyticsRange } from '@contracts/analytics';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '@/auth/auth-context';
import { fetchAnalytics } from '@/lib/analytics-api';
import { useApi } from '@/lib/api';

export const analyticsKey = (userId: string, chatbotId: string, range: AnalyticsRange) => ['analytics', userId, chatbotId, range] as const;

/** The assistant's analytics for one range; Refresh refetches it. */
export function useAnalyticsQuery(chatbotId: string | null, range: AnalyticsRange) {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: analyticsKey(userId, chatbotId ?? '', range),
    queryFn: ({ signal }) => fetchAnalytics(api, chatbotId!, range, signal),
    enabled: userId !== '' && chatbotId !== null,
    retry: 1,
  });
}
