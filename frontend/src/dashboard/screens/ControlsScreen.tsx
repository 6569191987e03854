import { PlusIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useChatbotQuery, useChatbotsByNameQuery } from '@/chatbots/queries';
import { LoadErrorCard } from '@/components/LoadErrorCard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { ConversationSettingsForm } from '@/dashboard/controls/ConversationSettingsForm';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const LOAD_ERROR = 'Failed to load conversation settings';

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading conversation settings">
      <div className="flex justify-end gap-2">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-9 w-36" />
      </div>
      <Skeleton className="h-9 w-80" />
      <Skeleton className="h-96 rounded-xl" />
    </div>
  );
}


function NoAssistant() {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <SlidersHorizontalIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle>Please select an AI assistant to configure controls</CardTitle>
        <CardDescription>Create an assistant first, then tune how it talks to your visitors here.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/create-chatbot">
            <PlusIcon aria-hidden="true" />
            Create New Assistant
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /dashboard/controls: Conversation Controls (spec 001 section 2). */
export default function ControlsScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);
  const detail = useChatbotQuery(selected?.id ?? null);
  const loadError = chatbots.error ?? detail.error;

  useEffect(() => {
    if (loadError) notify.error(LOAD_ERROR, { description: errorMessage(loadError) });
  }, [loadError]);

  let body;
  if (chatbots.isPending) body = <FormSkeleton />;
  else if (chatbots.isError) {
    body = <LoadErrorCard title={LOAD_ERROR} error={chatbots.error} retrying={chatbots.isFetching} onRetry={() => void chatbots.refetch()} />;
  } else if (!selected) body = <NoAssistant />;
  else if (detail.isPending) body = <FormSkeleton />;
  else if (detail.isError) {
    body = <LoadErrorCard title={LOAD_ERROR} error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />;
  } else body = <ConversationSettingsForm key={detail.data.id} chatbot={detail.data} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Conversation Controls</h2>
          <p className="text-sm text-muted-foreground">Tune how your assistant responds, when it hands over, and how it behaves.</p>
        </div>
        {chatbots.data && chatbots.data.length > 0 && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {body}
    </div>
  );
}
