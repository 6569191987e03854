import { PlusIcon, RefreshCwIcon, RocketIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { ChannelsTab } from '@/dashboard/deploy/ChannelsTab';
import { EmbedWizard } from '@/dashboard/deploy/EmbedWizard';
import { useDeploymentQuery } from '@/dashboard/deploy/deployment-queries';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { errorMessage } from '@/lib/api';

function LoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <Card role="alert" className="max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle>Could not load the Deployment Center</CardTitle>
        <CardDescription>{errorMessage(error, 'Please try again.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}

function NoAssistant() {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <RocketIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle>Create an assistant to deploy it</CardTitle>
        <CardDescription>Then put it on your website and connect WhatsApp, Messenger and Instagram here.</CardDescription>
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

/** /dashboard/deploy: Deployment Center (spec 001 section 2), tabs Website Embed and Messaging Channels. */
export default function DeployScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);
  const deployment = useDeploymentQuery(selected?.id ?? null);

  let body;
  if (chatbots.isPending) body = <Skeleton className="h-96 rounded-xl" role="status" aria-label="Loading" />;
  else if (chatbots.isError) {
    body = <LoadError error={chatbots.error} retrying={chatbots.isFetching} onRetry={() => void chatbots.refetch()} />;
  } else if (!selected) body = <NoAssistant />;
  else if (deployment.isError && !deployment.data) {
    body = <LoadError error={deployment.error} retrying={deployment.isFetching} onRetry={() => void deployment.refetch()} />;
  } else {
    const readOnly = !can(selected, 'edit');
    body = (
      <Tabs defaultValue="embed" className="gap-4">
        {readOnly && <ViewOnlyNote chatbot={selected} />}
        <TabsList>
          <TabsTrigger value="embed">Website Embed</TabsTrigger>
          <TabsTrigger value="channels">Messaging Channels</TabsTrigger>
        </TabsList>
        <TabsContent value="embed">
          <EmbedWizard key={selected.id} chatbot={selected} website={deployment.data?.website} />
        </TabsContent>
        <TabsContent value="channels">
          {deployment.data ? (
            // Issue 12: connecting channels needs an editor's rights; a member sees them only.
            <fieldset disabled={readOnly} className="contents">
              <ChannelsTab chatbot={selected} deployment={deployment.data} />
            </fieldset>
          ) : (
            <Skeleton className="h-96 rounded-xl" role="status" aria-label="Loading channels" />
          )}
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Deployment Center</h2>
          <p className="text-sm text-muted-foreground">Put your assistant on your website and the messaging apps your customers use.</p>
        </div>
        {chatbots.data && chatbots.data.length > 0 && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {body}
    </div>
  );
}
