import { TRIAL_DAYS } from '@contracts/account';
import { BotIcon, SparklesIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config';
import { AssistantCreator } from '@/creator/AssistantCreator';

/** Landing (spec 000 section 2): the hero and the creator section; the explainer and demo chat come later. */
export default function LandingPage() {
  const { user, loading } = useAuth();
  const { productName } = useRuntimeConfig();

  // Spec 000 section 6: signed-in users visiting the landing page go to /dashboard.
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-svh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <BotIcon className="size-4" aria-hidden="true" />
          </span>
          {productName}
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <Button asChild variant="outline">
            <Link to="/waitlist">Join Waitlist</Link>
          </Button>
          {/* A signed-in visitor never sees this page (redirected above), so the spec's 'Dashboard' button
              is not needed here; while the session is read, neither button is shown. */}
          {!loading && (
            <Button asChild>
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
        </nav>
      </header>

      <main className="flex flex-1 flex-col">
        <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center">
          <Badge variant="secondary" className="gap-1.5 px-3 py-1 text-sm">
            <SparklesIcon aria-hidden="true" />
            Your first assistant is free, no card needed
          </Badge>
          <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{productName}</h1>
          <p className="text-xl text-muted-foreground sm:text-2xl">
            Create an AI chat assistant from your website in minutes.
          </p>
          <p className="max-w-2xl text-muted-foreground">
            Enter your website address and we build an assistant from your content, ready to answer your
            customers on your site. Your first assistant is free, and every account starts with a {TRIAL_DAYS}-day
            free trial.
          </p>
          <Button asChild size="lg" className="mt-2">
            <Link to="/auth">Get Started</Link>
          </Button>
        </section>

        <section id="creator" aria-labelledby="creator-heading" className="scroll-mt-4 px-4 pb-16">
          <h2 id="creator-heading" className="mb-6 text-center text-3xl font-bold tracking-tight">
            Create Your AI Assistant
          </h2>
          <AssistantCreator />
        </section>
      </main>
    </div>
  );
}
