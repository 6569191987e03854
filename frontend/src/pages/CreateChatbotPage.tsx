import { ArrowLeftIcon, BotIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config';
import { AssistantCreator } from '@/creator/AssistantCreator';

/** /create-chatbot: the assistant creator on its own (signed in; outside the dashboard layout). */
export default function CreateChatbotPage() {
  const { productName } = useRuntimeConfig();
  return (
    <div className="flex min-h-svh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <Link to="/dashboard" className="flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <BotIcon className="size-4" aria-hidden="true" />
          </span>
          {productName}
        </Link>
        <Button asChild variant="ghost">
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      </header>
      <main className="flex flex-1 flex-col gap-6 px-4 pt-4 pb-16">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight">Create a New AI Assistant</h1>
          <p className="mt-2 text-muted-foreground">From your website to a ready-to-embed assistant in minutes.</p>
        </div>
        <AssistantCreator />
      </main>
    </div>
  );
}
