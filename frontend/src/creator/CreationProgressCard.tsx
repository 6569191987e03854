import { CircleCheckIcon, CircleIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { CREATION_STAGES, stepState, type CreationView, type StepState } from '@/creator/creation-stages';
import { cn } from '@/lib/cn';

const STATE_TEXT: Record<StepState, string> = {
  done: 'done',
  active: 'in progress',
  pending: 'pending',
  failed: 'failed',
};

function StepIcon({ state }: { state: StepState }) {
  switch (state) {
    case 'done':
      return <CircleCheckIcon className="size-5 text-green-600" aria-hidden="true" />;
    case 'active':
      return <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />;
    case 'failed':
      return <CircleXIcon className="size-5 text-destructive" aria-hidden="true" />;
    case 'pending':
      return <CircleIcon className="size-5 text-muted-foreground/50" aria-hidden="true" />;
  }
}

/** The creation progress card: the five stages of spec 000 section 4, following the real crawl. */
export function CreationProgressCard({ view }: { view: CreationView }) {
  const title = view.error
    ? 'Creating your AI assistant failed'
    : view.complete
      ? 'Your AI assistant is ready'
      : 'Creating your AI assistant';
  return (
    <Card role="region" aria-label="Assistant creation">
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>
          {view.error
            ? 'Your assistant was created, but it could not learn from your website.'
            : view.complete
              ? 'Every step is done.'
              : 'This usually takes less than a minute. Please keep this page open.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <Progress
            value={view.progress}
            aria-label="Creation progress"
            className="flex-1"
            indicatorClassName={view.error ? 'bg-destructive' : undefined}
          />
          <span className="w-12 text-right text-sm font-medium tabular-nums">{view.progress}%</span>
        </div>
        <ol className="flex flex-col gap-3" aria-live="polite">
          {CREATION_STAGES.map((stage, index) => {
            const state = stepState(view, index);
            return (
              <li
                key={stage.label}
                className="flex items-start gap-3"
                data-state={state}
                aria-current={state === 'active' ? 'step' : undefined}
              >
                <StepIcon state={state} />
                <div className="flex min-w-0 flex-col">
                  <span
                    className={cn(
                      'text-sm',
                      state === 'pending' ? 'text-muted-foreground' : 'font-medium',
                      state === 'failed' && 'text-destructive',
                    )}
                  >
                    {stage.label}
                    <span className="sr-only"> ({STATE_TEXT[state]})</span>
                  </span>
                  {state === 'active' && view.detail && (
                    <span className="text-xs text-muted-foreground">{view.detail}</span>
                  )}
                </div>
                <span className="ml-auto text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                  {stage.progress}%
                </span>
              </li>
            );
          })}
        </ol>
        {view.complete && view.detail && <p className="text-sm font-medium text-green-700">{view.detail}</p>}
        {view.error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            {view.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
