import { RefreshCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useChatbotsQuery } from '@/chatbots/queries';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { AnalyticsDashboard } from '@/dashboard/analytics/AnalyticsDashboard';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const LOAD_ERROR = 'Failed to load AI assistants';

/** /dashboard/analytics: Performance Analytics (spec 001 section 2). */
export default function AnalyticsScreen() {
  const chatbots = useChatbotsQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);

  useEffect(() => {
    if (chatbots.error) notify.error(LOAD_ERROR, { description: errorMessage(chatbots.error) });
  }, [chatbots.error]);

  let body;
  if (chatbots.isPending) {
    body = (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading AI assistants">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-[600px] rounded-xl" />
      </div>
    );
  } else if (chatbots.isError) {
    body = (
      <Card role="alert" className="max-w-xl border-destructive/40">
        <CardHeader>
          <CardTitle>{LOAD_ERROR}</CardTitle>
          <CardDescription>{errorMessage(chatbots.error, 'Please try again.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void chatbots.refetch()} disabled={chatbots.isFetching}>
            <RefreshCwIcon className={chatbots.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = selected ? (
      <AnalyticsDashboard key={selected.id} chatbot={selected} chatbots={chatbots.data} />
    ) : (
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>No assistants yet</CardTitle>
          <CardDescription>Create an assistant first: its analytics appear here once visitors chat with it.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Performance Analytics</h2>
          <p className="text-sm text-muted-foreground">
            How your assistant is doing, what visitors ask and what to teach it next.
          </p>
        </div>
        {chatbots.data && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {body}
    </div>
  );
}
