import { ArrowLeftIcon, RefreshCwIcon, SearchXIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useChatbotQuery } from '@/chatbots/queries';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfigureForm } from '@/configure/ConfigureForm';
import { DASHBOARD_HOME } from '@/dashboard/navigation';
import { ApiError, errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

function BackToDashboard({ variant = 'ghost' }: { variant?: 'ghost' | 'default' }) {
  return (
    <Button asChild variant={variant}>
      <Link to={DASHBOARD_HOME}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

function ChatbotNotFound() {
  return (
    <Card role="alert" className="mx-auto w-full max-w-md text-center">
      <CardHeader className="items-center">
        <SearchXIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <CardTitle className="text-xl">Chatbot not found</CardTitle>
        <CardDescription>This AI assistant does not exist, or it belongs to another account.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <BackToDashboard variant="default" />
      </CardContent>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-busy="true" aria-label="Loading chatbot configuration">
      <Card>
        <CardContent className="flex flex-col gap-4">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-9" />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Skeleton className="h-80" />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * /chatbot-preview: the Configure page (spec 001 section 2). The dashboard links with `id`, the creator
 * with `chatbotId` and `businessName` (shown while loading).
 */
export default function ConfigurePage() {
  const [params] = useSearchParams();
  const id = params.get('id') || params.get('chatbotId');
  const chatbot = useChatbotQuery(id);
  const notFound =
    !id || (chatbot.error instanceof ApiError && (chatbot.error.status === 404 || chatbot.error.status === 400));
  const loadFailed = chatbot.isError && !notFound;

  useEffect(() => {
    if (loadFailed) {
      notify.error('Failed to load chatbot configuration', { description: errorMessage(chatbot.error) });
    }
  }, [loadFailed, chatbot.error]);

  const businessName = chatbot.data?.business_name ?? params.get('businessName') ?? '';

  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="flex items-center gap-4 border-b bg-background px-4 py-3 sm:px-8">
        <BackToDashboard />
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8">
        {notFound ? (
          <ChatbotNotFound />
        ) : (
          <>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">
                {businessName ? `Configure ${businessName}` : 'Configure AI Assistant'}
              </h1>
              <p className="text-muted-foreground">Change how your AI assistant introduces itself and looks.</p>
            </div>
            {chatbot.data ? (
              <ConfigureForm key={chatbot.data.id} chatbot={chatbot.data} />
            ) : loadFailed ? (
              <Card role="alert" className="max-w-xl border-destructive/40">
                <CardHeader>
                  <CardTitle>Failed to load chatbot configuration</CardTitle>
                  <CardDescription>{errorMessage(chatbot.error)}</CardDescription>
                </CardHeader>
                <CardContent>
                  <Button variant="outline" onClick={() => void chatbot.refetch()} disabled={chatbot.isFetching}>
                    <RefreshCwIcon className={chatbot.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
                    Retry
                  </Button>
                </CardContent>
              </Card>
            ) : (
              <FormSkeleton />
            )}
          </>
        )}
      </main>
    </div>
  );
}
