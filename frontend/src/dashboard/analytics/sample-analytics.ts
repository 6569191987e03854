import type { AnalyticsRange, AnalyticsResult } from '@contracts/analytics';

/**
 * Spec 001: when the analytics call fails the screen falls back to sample data. Shown only then, under a
 * banner saying it is a sample, so nobody takes these figures for their assistant's.
 */
export function sampleAnalytics(chatbotId: string, businessName: string, timeRange: AnalyticsRange): AnalyticsResult {
  const days = timeRange === '7d' ? 7 : 30;
  return {
    chatbotId,
    businessName,
    timeRange,
    timeZone: 'UTC',
    from: '2026-01-01',
    to: '2026-01-07',
    totalConversations: 128,
    activeUsers: 96,
    totalMessages: 412,
    avgResponseTime: 1200,
    satisfactionScore: 88,
    resolutionRate: 82,
    escalationRate: 7,
    performanceScore: 85.6,
    ratings: { thumbsUp: 44, thumbsDown: 6, training: 10 },
    fallbackAnswers: 14,
    topIssues: [{ issue: 'Do you have parking?', count: 9, reason: 'no_answer' }],
    channelBreakdown: [
      { channel: 'website', conversations: 128 },
      { channel: 'whatsapp', conversations: 0 },
      { channel: 'instagram', conversations: 0 },
      { channel: 'messenger', conversations: 0 },
      { channel: 'sms', conversations: 0 },
      { channel: 'voice', conversations: 0 },
    ],
    hourlyActivity: Array.from({ length: 24 }, (_, hour) => {
      const busy = hour >= 9 && hour <= 18 ? 3 : 1;
      return { hour, conversations: busy * 2, messages: busy * 6 };
    }),
    trendUnit: 'day',
    weeklyTrend: Array.from({ length: days }, (_, i) => ({
      start: `2026-01-${String(i + 1).padStart(2, '0')}`,
      days: 1,
      conversations: 3 + (i % 4),
      messages: 10 + (i % 5) * 2,
    })),
    commonQuestions: [
      { question: 'What are your opening hours?', frequency: 31, avgRating: 95 },
      { question: 'Do you deliver?', frequency: 18, avgRating: 90 },
    ],
    improvementSuggestions: [{ text: '9 visitors asked “Do you have parking?”; the assistant had no answer.' }],
    demo: { views: 40, interactions: 22 },
    voiceSessions: 0,
    summary: null,
    summaryBy: null,
    questionsExamined: 0,
  };
}
