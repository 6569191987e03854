import type { Chatbot } from '@contracts/chatbot';
import type { Workflow } from '@contracts/workflows';
import { PlusIcon, WorkflowIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import { DeleteWorkflowDialog } from '@/dashboard/workflows/DeleteWorkflowDialog';
import { ExecutionHistory } from '@/dashboard/workflows/ExecutionHistory';
import { WorkflowCard } from '@/dashboard/workflows/WorkflowCard';
import { WorkflowDialog } from '@/dashboard/workflows/WorkflowDialog';
import { useRunWorkflowTestMutation, useWorkflowExecutionsQuery, useWorkflowsQuery } from '@/dashboard/workflows/workflow-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const LOAD_ERROR = 'Failed to load workflows';

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading workflows">
      {Array.from({ length: 2 }, (_, index) => (
        <Skeleton key={index} className="h-40 rounded-xl" />
      ))}
    </div>
  );
}

function EmptyCard({ title, description, action }: { title: string; description: string; action?: React.ReactNode }) {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <WorkflowIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {action && <CardContent>{action}</CardContent>}
    </Card>
  );
}

/** The two tabs of one assistant: its workflows and their execution history (read-only where the role only reads). */
function AssistantWorkflows({ chatbot }: { chatbot: Chatbot }) {
  const chatbotId = chatbot.id;
  const editable = can(chatbot, 'edit');
  const workflows = useWorkflowsQuery(chatbotId);
  const executions = useWorkflowExecutionsQuery(chatbotId);
  const runTest = useRunWorkflowTestMutation(chatbotId);
  const [tab, setTab] = useState('workflows');
  const [dialog, setDialog] = useState<{ workflow: Workflow | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Workflow | null>(null);

  useEffect(() => {
    if (workflows.isError) notify.error(LOAD_ERROR, { description: errorMessage(workflows.error) });
  }, [workflows.isError, workflows.error]);
  useEffect(() => {
    // Spec 001 section 8: a failure to load executions is only logged.
    if (executions.isError) console.error('Failed to load workflow executions', executions.error);
  }, [executions.isError, executions.error]);

  const openDialog = (workflow: Workflow | null) => setDialog({ workflow, key: Date.now() });
  const test = (workflow: Workflow) =>
    runTest.mutate(workflow.id, {
      onSuccess: () => {
        notify.success('Test run started', { description: `${workflow.name} is running with sample data. See Execution History.` });
        setTab('history');
      },
      onError: (error) => notify.error('Failed to run workflow', { description: errorMessage(error) }),
    });

  let list;
  if (workflows.isPending) list = <ListSkeleton />;
  else if (workflows.isError) {
    list = (
      <LoadErrorCard title={LOAD_ERROR} error={workflows.error} retrying={workflows.isFetching} onRetry={() => void workflows.refetch()} />
    );
  } else if (workflows.data.length === 0) {
    list = (
      <EmptyCard
        title="No workflows yet"
        description="Automate what happens around a conversation: e-mail your team, text a customer, tag hot leads, call your CRM."
        action={
          editable && (
            <Button onClick={() => openDialog(null)}>
              <PlusIcon aria-hidden="true" />
              Create Workflow
            </Button>
          )
        }
      />
    );
  } else {
    list = (
      <ul className="flex flex-col gap-3" aria-label="Workflows">
        {workflows.data.map((workflow) => (
          <li key={workflow.id}>
            <WorkflowCard
              workflow={workflow}
              onEdit={editable ? () => openDialog(workflow) : undefined}
              onDelete={editable ? () => setDeleting(workflow) : undefined}
              onRunTest={editable ? () => test(workflow) : undefined}
              testing={runTest.isPending && runTest.variables === workflow.id}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <Tabs value={tab} onValueChange={setTab} className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList>
            <TabsTrigger value="workflows">Workflows ({workflows.data?.length ?? 0})</TabsTrigger>
            <TabsTrigger value="history">Execution History</TabsTrigger>
          </TabsList>
          {editable && (
            <Button onClick={() => openDialog(null)}>
              <PlusIcon aria-hidden="true" />
              Create Workflow
            </Button>
          )}
        </div>
        {!editable && <ViewOnlyNote chatbot={chatbot} />}
        <TabsContent value="workflows">{list}</TabsContent>
        <TabsContent value="history">
          {executions.isPending ? <ListSkeleton /> : <ExecutionHistory executions={executions.data ?? []} />}
        </TabsContent>
      </Tabs>
      {dialog && (
        <WorkflowDialog
          key={dialog.key}
          chatbotId={chatbotId}
          workflow={dialog.workflow}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      )}
      <DeleteWorkflowDialog workflow={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** /dashboard/workflows: Workflow Automation (spec 001 section 2). */
export default function WorkflowsScreen() {
  const chatbots = useChatbotsByNameQuery();
  const { selected, select } = useSelectedAssistant(chatbots.data);

  useEffect(() => {
    if (chatbots.isError) notify.error(LOAD_ERROR, { description: errorMessage(chatbots.error) });
  }, [chatbots.isError, chatbots.error]);

  let body;
  if (chatbots.isPending) body = <ListSkeleton />;
  else if (!selected) {
    body = (
      <EmptyCard
        title="Please select an AI assistant to manage workflows"
        description="Create an assistant first, then automate what happens around its conversations here."
        action={
          <Button asChild>
            <Link to="/create-chatbot">
              <PlusIcon aria-hidden="true" />
              Create New Assistant
            </Link>
          </Button>
        }
      />
    );
  } else body = <AssistantWorkflows key={selected.id} chatbot={selected} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold tracking-tight">Workflow Automation</h2>
          <p className="text-sm text-muted-foreground">Triggers and actions that run around your assistant's conversations.</p>
        </div>
        {chatbots.data && chatbots.data.length > 0 && (
          <AssistantSelector chatbots={chatbots.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </div>
      {body}
    </div>
  );
}
