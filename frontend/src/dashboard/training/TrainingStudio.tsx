import type { Chatbot } from '@contracts/chatbot';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { BarChart3Icon, MessageSquareIcon, PencilLineIcon, RefreshCwIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { AnalyticsTab } from './AnalyticsTab';
import { CorrectionsTab } from './CorrectionsTab';
import { InteractiveTab } from './InteractiveTab';
import { needingCorrection } from './training-analytics';
import type { TrainingMessage } from './training-chat';
import { useTrainingRecordsQuery } from './training-queries';

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  );
}

/**
 * The three tabs for one assistant (keyed by it: another assistant starts a new session). The live
 * chat lives here, so switching tabs keeps it.
 */
export function TrainingStudio({ chatbot }: { chatbot: Chatbot | null }) {
  const [messages, setMessages] = useState<TrainingMessage[]>([]);
  const records = useTrainingRecordsQuery(chatbot?.id ?? null);
  // The tab's badge counts what still waits for a better response.
  const toCorrect = needingCorrection(records.data ?? []).filter((record) => !record.corrected_response).length;
  // Issue 12: a member of the assistant's team reads its records; testing and correcting need an editor.
  const readOnly = chatbot !== null && !can(chatbot, 'edit');

  const withRecords = (render: (data: NonNullable<typeof records.data>, chatbotId: string) => ReactNode) => {
    if (!chatbot) return <Notice title="Please select an AI assistant first" />;
    if (records.isPending) {
      return (
        <div className="flex flex-col gap-4" role="status" aria-label="Loading training records">
          <Skeleton className="h-28 rounded-xl" />
          <Skeleton className="h-28 rounded-xl" />
        </div>
      );
    }
    if (records.isError) {
      return (
        <Notice title="Failed to load training records">
          <CardDescription className="mb-4">{errorMessage(records.error, 'Please try again.')}</CardDescription>
          <Button variant="outline" onClick={() => void records.refetch()} disabled={records.isFetching}>
            <RefreshCwIcon className={records.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Retry
          </Button>
        </Notice>
      );
    }
    return render(records.data, chatbot.id);
  };

  return (
    <Tabs defaultValue={readOnly ? 'corrections' : 'interactive'} className="gap-4">
      {readOnly && <ViewOnlyNote chatbot={chatbot} />}
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="interactive">
          <MessageSquareIcon className="size-4" aria-hidden="true" />
          Interactive
        </TabsTrigger>
        <TabsTrigger value="corrections">
          <PencilLineIcon className="size-4" aria-hidden="true" />
          Corrections
          {toCorrect > 0 && (
            <Badge variant="secondary" className="px-1.5" aria-label={`${toCorrect} to correct`}>
              {toCorrect}
            </Badge>
          )}
        </TabsTrigger>
        <TabsTrigger value="analytics">
          <BarChart3Icon className="size-4" aria-hidden="true" />
          Analytics
        </TabsTrigger>
      </TabsList>
      <TabsContent value="interactive">
        {readOnly ? (
          <Notice title="Testing and scoring replies needs an editor's rights" />
        ) : (
          <InteractiveTab chatbot={chatbot} messages={messages} setMessages={setMessages} />
        )}
      </TabsContent>
      <TabsContent value="corrections">
        <fieldset disabled={readOnly} className="contents">
          {withRecords((data, chatbotId) => (
            <CorrectionsTab chatbotId={chatbotId} records={data} />
          ))}
        </fieldset>
      </TabsContent>
      <TabsContent value="analytics">{withRecords((data) => <AnalyticsTab records={data} />)}</TabsContent>
    </Tabs>
  );
}
