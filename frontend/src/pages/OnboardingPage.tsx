import type { OnboardingProgress } from '@contracts/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, ArrowRightIcon, CheckCircle2Icon, CircleIcon, ClockIcon, LightbulbIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useUserId } from '@/auth/auth-context';
import { useChatbotsQuery } from '@/chatbots/queries';
import { isShared } from '@/chatbots/role-rights';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { errorMessage, useApi } from '@/lib/api';
import { notify } from '@/lib/notify';
import { completeOnboardingStep, getOnboarding } from '@/lib/onboarding-api';
import { ONBOARDING_STEPS, PRO_TIPS, type Difficulty, type OnboardingStep } from '@/onboarding/onboarding-steps';

const DIFFICULTY_STYLE: Record<Difficulty, string> = {
  Easy: 'bg-green-100 text-green-800',
  Medium: 'bg-yellow-100 text-yellow-800',
  Advanced: 'bg-red-100 text-red-800',
};

const onboardingKey = (userId: string) => ['onboarding', userId] as const;

/** /onboarding (spec 001): the 'AI Agent Mastery Guide', with progress kept per user. */
export default function OnboardingPage() {
  const api = useApi();
  const userId = useUserId();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const progress = useQuery({ queryKey: onboardingKey(userId), queryFn: ({ signal }) => getOnboarding(api, signal), enabled: userId !== '' });
  const chatbots = useChatbotsQuery();
  const mark = useMutation({
    mutationFn: (step: OnboardingStep) => completeOnboardingStep(api, step.id),
    onSuccess: (data: OnboardingProgress) => queryClient.setQueryData(onboardingKey(userId), data),
    onError: (error) => notify.error('Error', { description: errorMessage(error, 'Failed to save your progress') }),
  });

  const completed = new Set(progress.data?.completed ?? []);
  const detected = new Set(progress.data?.detected ?? []);
  const step = ONBOARDING_STEPS[index]!;
  const done = completed.has(step.id);
  // The caller's own (an assistant shared with a team of theirs is someone else's to test and configure).
  const firstAssistant = chatbots.data?.find((chatbot) => !isShared(chatbot));
  const actionTarget = (s: OnboardingStep) =>
    s.id === 'test' && firstAssistant ? `/chatbot-preview?id=${encodeURIComponent(firstAssistant.id)}` : s.action?.to;

  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-col gap-3">
        <Button asChild variant="ghost" className="self-start">
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <h1 className="text-3xl font-bold">AI Agent Mastery Guide</h1>
        <p className="text-muted-foreground">Six steps from your first assistant to one that runs your front desk.</p>
        <div className="flex items-center gap-4">
          <Progress value={(completed.size / ONBOARDING_STEPS.length) * 100} className="h-3" aria-label="Guide progress" />
          <span className="shrink-0 font-medium" data-testid="onboarding-progress">
            {completed.size}/{ONBOARDING_STEPS.length} Complete
          </span>
        </div>
        {progress.isError && <p className="text-sm text-destructive">Could not load your progress: {errorMessage(progress.error)}</p>}
      </header>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              Step {index + 1} of {ONBOARDING_STEPS.length}
            </span>
            <span className="flex items-center gap-1">
              <ClockIcon className="size-4" aria-hidden="true" />
              {step.time}
            </span>
            <span className={cn('rounded-md px-2 py-0.5 text-xs font-medium', DIFFICULTY_STYLE[step.difficulty])}>{step.difficulty}</span>
            {detected.has(step.id) && <Badge variant="secondary">Done in your account</Badge>}
          </div>
          <CardTitle className="text-2xl">{step.title}</CardTitle>
          <CardDescription>{step.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ul className="flex flex-col gap-2">
            {step.tasks.map((task) => (
              <li key={task} className="flex items-start gap-2">
                <CheckCircle2Icon className={cn('mt-0.5 size-4 shrink-0', done ? 'text-green-600' : 'text-muted-foreground')} aria-hidden="true" />
                {task}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {step.action && (
              <Button asChild>
                <Link to={actionTarget(step)!}>{step.action.label}</Link>
              </Button>
            )}
            <Button
              variant={done ? 'secondary' : 'outline'}
              disabled={done || mark.isPending || !progress.data}
              aria-pressed={done}
              onClick={() => mark.mutate(step)}
            >
              {mark.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CheckCircle2Icon aria-hidden="true" />}
              {done ? 'Completed' : 'Mark Complete'}
            </Button>
          </div>
          <div className="flex justify-between border-t pt-4">
            <Button variant="outline" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
              <ArrowLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button variant="outline" disabled={index === ONBOARDING_STEPS.length - 1} onClick={() => setIndex((i) => i + 1)}>
              Next
              <ArrowRightIcon aria-hidden="true" />
            </Button>
          </div>
        </CardContent>
      </Card>

      <section aria-label="Roadmap" className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Your Roadmap</h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ONBOARDING_STEPS.map((s, i) => (
            <button
              key={s.id}
              type="button"
              onClick={() => setIndex(i)}
              className={cn(
                'flex items-start gap-3 rounded-xl border p-4 text-left transition-colors hover:bg-accent',
                i === index && 'border-primary ring-1 ring-primary',
              )}
            >
              {completed.has(s.id) ? (
                <CheckCircle2Icon className="size-5 shrink-0 text-green-600" aria-label="Completed" />
              ) : (
                <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-label="Not completed" />
              )}
              <span className="flex flex-col gap-1">
                <span className="font-medium">
                  {i + 1}. {s.title}
                </span>
                <span className="text-xs text-muted-foreground">
                  {s.time} · {s.difficulty}
                </span>
              </span>
            </button>
          ))}
        </div>
      </section>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LightbulbIcon className="size-5 text-yellow-500" aria-hidden="true" />
            Pro Tips
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5">
            {PRO_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </main>
  );
}
