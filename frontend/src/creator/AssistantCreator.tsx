import { QUOTA_ERRORS } from '@contracts/chatbot';
import { RefreshCwIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '@/auth/auth-context';
import { useCreationAllowance } from '@/chatbots/creation-allowance';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  FreeAssistantCreatedCard,
  FreePlanCard,
  SignInRequiredCard,
  SubscribedPlanCard,
} from '@/creator/CreatorModeCards';
import { errorMessage } from '@/lib/api';

// The form and its flow are only for signed-in owners: visitors of the landing page never load them.
const CreatorWorkflow = lazy(() => import('@/creator/CreatorWorkflow'));

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}

function PlanLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="mx-auto w-full max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle>Could not load your plan</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The assistant creator (spec 000 section 2, "Assistant creator (modes)"): signed out, can create, or
 * free limit reached. Used by /create-chatbot and the landing page's creator section.
 */
export function AssistantCreator() {
  const { user, loading } = useAuth();
  const { subscription, refusal, loadError, retry } = useCreationAllowance();
  // Once an assistant is created here, its progress and result stay on screen whatever the refreshed
  // subscription now allows.
  const [createdHere, setCreatedHere] = useState(false);

  if (loading) return <Loading label="Loading" />;
  if (!user) return <SignInRequiredCard />;
  if (!createdHere) {
    if (!subscription && loadError) return <PlanLoadError message={errorMessage(loadError)} onRetry={retry} />;
    if (!subscription) return <Loading label="Loading your plan" />;
    if (!subscription.subscribed && refusal) return <FreeAssistantCreatedCard />;
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      {!createdHere && subscription && (subscription.subscribed ? <SubscribedPlanCard subscription={subscription} limitReached={refusal === QUOTA_ERRORS.limitReached} /> : <FreePlanCard />)}
      <Suspense fallback={<Loading label="Loading the creator" />}>
        <CreatorWorkflow refusal={refusal} onCreated={() => setCreatedHere(true)} />
      </Suspense>
    </div>
  );
}
