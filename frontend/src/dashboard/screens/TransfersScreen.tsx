import type { Chatbot } from '@contracts/chatbot';
import { ArrowLeftRightIcon, PlusIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useChatbotsByNameQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { ViewOnlyNote } from '@/chatbots/ViewOnlyNote';
import { LoadErrorCard } from '@/components/LoadErrorCard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssistantSelector } from '@/dashboard/AssistantSelector';
import { useSelectedAssistant } from '@/dashboard/selected-assistant';
import { TransferHistory } from '@/dashboard/transfers/TransferHistory';
import { useAgentTransfersQuery, useTransferSettingsQuery } from '@/dashboard/transfers/transfer-queries';
import { TransferSettingsForm } from '@/dashboard/transfers/TransferSettingsForm';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const LOAD_ERROR = 'Failed to load transfer settings';

function PaneSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading transfer settings">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

function NoAssistant() {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ArrowLeftRightIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle>Please select an AI assistant to manage agent transfers</CardTitle>
        <CardDescription>Create an assistant first, then choose when it hands conversations to a person here.</CardDescription>
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

/** The two tabs of one assistant: its transfer settings and its last 20 transfers. */
function AssistantTransfers({ chatbot }: { chatbot: Chatbot }) {
  const settings = useTransferSettingsQuery(chatbot.id);
  const history = useAgentTransfersQuery(chatbot.id);
  const readOnly = !can(chatbot, 'edit');

  useEffect(() => {
    if (settings.isError) notify.error(LOAD_ERROR, { description: errorMessage(settings.error) });
  }, [settings.isError, settings.error]);
  useEffect(() => {
    // Spec 001 section 8: a failure to load transfers is only logged.
    if (history.isError) console.error('Failed to load agent transfers', history.error);
  }, [history.isError, history.error]);

  let form;
  if (settings.isPending) form = <PaneSkeleton />;
  else if (settings.isError) {
    form = <LoadErrorCard title={LOAD_ERROR} error={settings.error} retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  } else form = <TransferSettingsForm key={chatbot.id} chatbotId={chatbot.id} settings={settings.data} readOnly={readOnly} />;

  return (
    <Tabs defaultValue="settings" className="gap-4">
      <TabsList>
        <TabsTrigger value="settings">Settings</TabsTrigger>
        <TabsTrigger value="history">Transfer History</TabsTrigger>
      </TabsList>
      {readOnly && <ViewOnlyNote chatbot={chatbot} />}
      <TabsContent value="settings">{form}</TabsContent>
      <TabsContent value="history">{history.isPending ? <PaneSkeleton /> : <TransferHistory transfers={history.data ?? []} />}</TabsContent>
    </Tabs>
  );
}

/** /dashboard/transfers: Agent Transfers (spec 001 section 2). */
export default function TransfersScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);

  useEffect(() => {
    if (chatbots.isError) notify.error(LOAD_ERROR, { description: errorMessage(chatbots.error) });
  }, [chatbots.isError, chatbots.error]);

  let body;
  if (chatbots.isPending) body = <PaneSkeleton />;
  else if (chatbots.isError) {
    body = <LoadErrorCard title={LOAD_ERROR} error={chatbots.error} retrying={chatbots.isFetching} onRetry={() => void chatbots.refetch()} />;
  } else if (!selected) body = <NoAssistant />;
  else body = <AssistantTransfers key={selected.id} chatbot={selected} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Agent Transfers</h2>
          <p className="text-sm text-muted-foreground">When your assistant hands a conversation to a person, and what happened to each hand-off.</p>
        </div>
        {chatbots.data && chatbots.data.length > 0 && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {body}
    </div>
  );
}
