import { PlusIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { QUOTA_ERRORS } from '@contracts/chatbot';
import { useCreationAllowance } from '@/chatbots/creation-allowance';
import { useChatbotsQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ManageBillingButton, UpgradeButton } from '@/billing/BillingButtons';
import { useCheckoutReturn } from '@/billing/use-checkout-return';
import { AccountSummary } from '@/dashboard/assistants/AccountSummary';
import { AssistantCard } from '@/dashboard/assistants/AssistantCard';
import { assistantsLoadError } from '@/dashboard/assistants/load-error';
import { notify } from '@/lib/notify';

// Not part of the first view (the dashboard's JS budget): one chunk, loaded on first selection or share.
const loadTools = () => import('@/dashboard/assistants/assistant-tools');
const TestChatPanel = lazy(() => loadTools().then((tools) => ({ default: tools.TestChatPanel })));
const ShareDemoDialog = lazy(() => loadTools().then((tools) => ({ default: tools.ShareDemoDialog })));

const CREATE_HREF = '/create-chatbot';

function CreateButton() {
  const { subscription, refusal, canCreate } = useCreationAllowance();
  if (canCreate) {
    return (
      <Button asChild>
        <Link to={CREATE_HREF}>
          <PlusIcon aria-hidden="true" />
          Create New Assistant
        </Link>
      </Button>
    );
  }
  const unpaid = subscription?.billing_status === 'past_due' || subscription?.billing_status === 'unpaid';
  const reason = !subscription
    ? null
    : unpaid
      ? 'Your last payment failed. Update your card to create more assistants.'
      : refusal === QUOTA_ERRORS.limitReached
        ? "Limit Reached: you've reached your chatbot limit."
        : 'Subscription Required: your free assistant is created. Upgrade to create more.';
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <Button disabled aria-describedby={reason ? 'create-assistant-reason' : undefined}>
        <PlusIcon aria-hidden="true" />
        Create New Assistant
      </Button>
      {reason && (
        <p id="create-assistant-reason" className="text-xs text-muted-foreground">
          {reason}
        </p>
      )}
      {subscription && (unpaid || refusal === QUOTA_ERRORS.limitReached ? <ManageBillingButton /> : <UpgradeButton size="sm" />)}
    </div>
  );
}

function GridSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy="true" aria-label="Loading AI assistants">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="gap-4">
          <CardHeader className="flex flex-row items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Skeleton className="h-3 w-2/3" />
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-8" />
          </CardContent>
          <CardFooter className="gap-2 border-t pt-4">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-8 w-20" />
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <Card className="items-center py-12 text-center">
      <CardHeader className="items-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <SparklesIcon className="size-7" aria-hidden="true" />
        </span>
        <CardTitle className="text-2xl">Ready to create magic?</CardTitle>
        <CardDescription>Turn your website into an AI assistant that answers your customers around the clock.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link to={CREATE_HREF}>
            <PlusIcon aria-hidden="true" />
            Create Your First AI Assistant
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /dashboard/assistants (spec 000 section 2, "Assistants screen"). */
export default function AssistantsScreen() {
  const chatbots = useChatbotsQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [shareId, setShareId] = useState<string | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const selected = chatbots.data?.find((chatbot) => chatbot.id === selectedId);
  const sharing = chatbots.data?.find((chatbot) => chatbot.id === shareId);
  useCheckoutReturn();

  useEffect(() => {
    if (chatbots.isError) {
      const { title, description } = assistantsLoadError(chatbots.error);
      notify.error(title, { description });
    }
  }, [chatbots.isError, chatbots.error]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h2 className="text-2xl font-bold tracking-tight">AI Assistants</h2>
          <AccountSummary />
        </div>
        <CreateButton />
      </div>

      {chatbots.isPending ? (
        <GridSkeleton />
      ) : chatbots.isError ? (
        <Card role="alert" className="max-w-xl border-destructive/40">
          <CardHeader>
            <CardTitle>{assistantsLoadError(chatbots.error).title}</CardTitle>
            <CardDescription>{assistantsLoadError(chatbots.error).description}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => void chatbots.refetch()} disabled={chatbots.isFetching}>
              <RefreshCwIcon className={chatbots.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              Retry
            </Button>
          </CardContent>
        </Card>
      ) : chatbots.data.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {chatbots.data.map((chatbot) => (
            <AssistantCard
              key={chatbot.id}
              chatbot={chatbot}
              selected={chatbot.id === selectedId}
              onSelect={() => setSelectedId(chatbot.id)}
              onShare={() => {
                setShareId(chatbot.id);
                setShareOpen(true);
              }}
            />
          ))}
        </div>
      )}

      {/* Testing chats as the owner (chat-as-owner) needs the right to edit the assistant. */}
      {selected && can(selected, 'edit') && (
        <Suspense fallback={<Skeleton className="h-[600px] rounded-xl" role="status" aria-label="Loading the test chat" />}>
          <TestChatPanel key={selected.id} chatbot={selected} />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDemoDialog chatbot={sharing} open={shareOpen} onOpenChange={setShareOpen} />
        </Suspense>
      )}
    </div>
  );
}
