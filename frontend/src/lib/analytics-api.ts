import { analyticsResultSchema, type AnalyticsRange, type AnalyticsResult } from '@contracts/analytics';
import type { ApiClient } from '@/lib/api';
import { chatbotPath } from '@/lib/chatbots-api';

/** The browser's time zone: the owner's days and hours. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET /chatbots/{id}/analytics (analyze-chatbot-performance). */
export async function fetchAnalytics(
  api: ApiClient,
  chatbotId: string,
  timeRange: AnalyticsRange,
  signal?: AbortSignal,
): Promise<AnalyticsResult> {
  const query = new URLSearchParams({ timeRange, timeZone: browserTimeZone() });
  return api.request(`${chatbotPath(chatbotId)}/analytics?${query}`, { schema: analyticsResultSchema, signal });
}
