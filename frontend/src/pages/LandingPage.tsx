import { TRIAL_DAYS } from '@contracts/account';
import { BotIcon, GlobeIcon, GraduationCapIcon, MessageCircleIcon, RocketIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config';
import { AssistantCreator } from '@/creator/AssistantCreator';

// Its own chunk, fetched after the page renders: not part of the landing's first paint.
const LandingDemoChat = lazy(() => import('@/landing/LandingDemoChat'));

declare global {
  interface Window {
    /** Opens the landing page's demo chat (spec 000 section 4); defined while the landing page is shown. */
    openDemoChat?: () => void;
  }
}

const STEPS = [
  {
    icon: GlobeIcon,
    title: 'Create',
    text: 'Enter your website address. We read your pages and build an assistant that knows your business.',
  },
  {
    icon: GraduationCapIcon,
    title: 'Train',
    text: 'Chat with your assistant in the dashboard and correct any answer: it remembers every correction.',
  },
  {
    icon: RocketIcon,
    title: 'Deploy',
    text: 'Paste one line of code into your site and your assistant answers customers around the clock.',
  },
] as const;

function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-heading" className="mx-auto w-full max-w-5xl px-4 pb-16">
      <h2 id="how-it-works-heading" className="mb-8 text-center text-3xl font-bold tracking-tight">
        Live in 3 simple steps
      </h2>
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="text-sm font-medium text-muted-foreground">Step {index + 1}</span>
            </div>
            <h3 className="text-xl font-semibold">{title}</h3>
            <p className="text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function scrollToCreator() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('creator')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

/** Landing (spec 000 section 2): the hero, the 3-step explainer, the creator section and the demo chat. */
export default function LandingPage() {
  const { user, loading } = useAuth();
  const { productName, bookingUrl } = useRuntimeConfig();
  const [chatOpenRequest, setChatOpenRequest] = useState(0);
  const openDemoChat = useCallback(() => setChatOpenRequest((count) => count + 1), []);

  useEffect(() => {
    window.openDemoChat = openDemoChat;
    return () => {
      if (window.openDemoChat === openDemoChat) delete window.openDemoChat;
    };
  }, [openDemoChat]);

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
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={scrollToCreator}>
              <SparklesIcon aria-hidden="true" />
              Create Free AI Assistant
            </Button>
            <Button size="lg" variant="outline" onClick={openDemoChat}>
              <MessageCircleIcon aria-hidden="true" />
              See Live Example
            </Button>
          </div>
        </section>

        <HowItWorks />

        <section id="creator" aria-labelledby="creator-heading" className="scroll-mt-4 px-4 pb-24">
          <h2 id="creator-heading" className="mb-6 text-center text-3xl font-bold tracking-tight">
            Create Your AI Assistant
          </h2>
          <AssistantCreator />
        </section>
      </main>

      <Suspense fallback={null}>
        <LandingDemoChat productName={productName} trialDays={TRIAL_DAYS} bookingUrl={bookingUrl} openRequest={chatOpenRequest} />
      </Suspense>
    </div>
  );
}
