import { analyticsRangeKeys, type AnalyticsRange, type SuggestionAction } from '@contracts/analytics';
import type { Chatbot } from '@contracts/chatbot';
import { useQueryClient } from '@tanstack/react-query';
import { ActivityIcon, BarChart3Icon, LightbulbIcon, MessagesSquareIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AddKnowledgeDialog } from '@/dashboard/knowledge/AddKnowledgeDialog';
import type { KnowledgeFormValues } from '@/dashboard/knowledge/KnowledgeEntryForm';
import { errorMessage } from '@/lib/api';
import { useAnalyticsQuery } from './analytics-queries';
import { ConversationsTab } from './ConversationsTab';
import { CorrectAnswerDialog } from './CorrectAnswerDialog';
import { InsightsTab } from './InsightsTab';
import { OverviewTab } from './OverviewTab';
import { PerformanceTab } from './PerformanceTab';
import { sampleAnalytics } from './sample-analytics';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

/** The analytics of one assistant: time range, Refresh and the four tabs (spec 001 /dashboard/analytics). */
export function AnalyticsDashboard({ chatbot, chatbots }: { chatbot: Chatbot; chatbots: readonly Chatbot[] }) {
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [tab, setTab] = useState('overview');
  const [knowledge, setKnowledge] = useState<KnowledgeFormValues | null>(null);
  const [correction, setCorrection] = useState<{ question: string; answer: string } | null>(null);
  const query = useAnalyticsQuery(chatbot.id, range);
  const queryClient = useQueryClient();
  const failed = query.isError;
  const data = failed ? sampleAnalytics(chatbot.id, chatbot.business_name, range) : query.data;

  const act = (action: SuggestionAction) => {
    if (action.type === 'add_knowledge') setKnowledge({ title: action.question, content: '', type: 'faq', chatbot_id: chatbot.id });
    else setCorrection({ question: action.question, answer: action.answer });
  };
  const empty = data && !failed && data.totalConversations === 0 && data.demo.views === 0 && data.ratings.training === 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex w-full flex-col gap-2 sm:w-48">
          <Label htmlFor="analytics-range">Time range</Label>
          <NativeSelect id="analytics-range" value={range} onChange={(event) => setRange(event.target.value as AnalyticsRange)}>
            {analyticsRangeKeys.map((key) => (
              <option key={key} value={key}>
                {RANGE_LABELS[key]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {failed && (
        <Card role="alert" className="border-yellow-300 bg-yellow-50">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-yellow-900">
              <TriangleAlertIcon className="size-4" aria-hidden="true" />
              Sample data: your analytics could not be loaded
            </CardTitle>
            <CardDescription className="text-yellow-900">
              {errorMessage(query.error, 'Please try again.')} The figures below are an example, not your assistant's. Use Refresh to try again.
            </CardDescription>
          </CardHeader>
        </Card>
      )}
      {empty && (
        <Card>
          <CardHeader>
            <CardTitle>No analytics yet</CardTitle>
            <CardDescription>
              Figures appear here once visitors chat with {chatbot.business_name || 'your assistant'}. Share its demo link (Share Demo on the
              Assistants screen) or embed it on your website.
            </CardDescription>
          </CardHeader>
        </Card>
      )}

      {!data ? (
        <div className="flex flex-col gap-4" role="status" aria-label="Loading analytics">
          <Skeleton className="h-9 w-96" />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={setTab} className="gap-4">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="overview">
              <BarChart3Icon className="size-4" aria-hidden="true" />
              Overview
            </TabsTrigger>
            <TabsTrigger value="conversations">
              <MessagesSquareIcon className="size-4" aria-hidden="true" />
              Conversations
            </TabsTrigger>
            <TabsTrigger value="performance">
              <ActivityIcon className="size-4" aria-hidden="true" />
              Performance
            </TabsTrigger>
            <TabsTrigger value="insights">
              <LightbulbIcon className="size-4" aria-hidden="true" />
              Insights
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab data={data} />
          </TabsContent>
          <TabsContent value="conversations">
            <ConversationsTab data={data} />
          </TabsContent>
          <TabsContent value="performance">
            <PerformanceTab data={data} />
          </TabsContent>
          <TabsContent value="insights">
            <InsightsTab data={data} onAction={failed ? () => undefined : act} />
          </TabsContent>
        </Tabs>
      )}

      {knowledge && (
        <AddKnowledgeDialog
          chatbots={chatbots}
          open
          initial={knowledge}
          onOpenChange={(open) => {
            if (open) return;
            setKnowledge(null);
            void queryClient.invalidateQueries({ queryKey: ['analytics'] });
          }}
        />
      )}
      {correction && <CorrectAnswerDialog chatbotId={chatbot.id} {...correction} onClose={() => setCorrection(null)} />}
    </div>
  );
}
