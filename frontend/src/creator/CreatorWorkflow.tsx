import { createChatbotRequestSchema, QUOTA_ERRORS, type CreateChatbotResponse } from '@contracts/chatbot';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutDashboardIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import type { CreationRefusal } from '@/chatbots/creation-allowance';
import { useCreateChatbotMutation, useSiteDetailsMutation } from '@/chatbots/mutations';
import { useCrawlStatusQuery } from '@/chatbots/queries';
import { Button } from '@/components/ui/button';
import { CreationProgressCard } from '@/creator/CreationProgressCard';
import { CreationSuccessCard } from '@/creator/CreationSuccessCard';
import { creationView } from '@/creator/creation-stages';
import { CrawlProblems } from '@/chatbots/CrawlProblems';
import { CreatorForm } from '@/creator/CreatorForm';
import { DEFAULT_CREATOR_VALUES, toCreateRequest, type CreatorValues } from '@/creator/creator-settings';
import { ScrapedPagesCard } from '@/creator/ScrapedPagesCard';
import { ApiError, errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/** Spec 000 section 8, creator toasts for a refused creation. */
export function notifyRefusal(refusal: CreationRefusal): void {
  if (refusal === QUOTA_ERRORS.limitReached) {
    notify.error('Limit Reached', { description: "You've reached your chatbot limit. Please upgrade for more." });
  } else {
    notify.error('Subscription Required', { description: 'Please upgrade to create chatbots' });
  }
}

const FIELD_NAMES: Record<string, string> = {
  businessName: 'Business name',
  agentName: 'Agent name',
  agentPersonality: 'Personality',
  agentImage: 'Avatar',
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
};

type CreatedChatbot = CreateChatbotResponse['chatbot'];

interface CreatorWorkflowProps {
  /** The refusal the owner's subscription gives, checked before asking the server. */
  refusal: CreationRefusal | null;
  /** Called as soon as an assistant exists, before the subscription is refreshed. */
  onCreated: () => void;
}

/** The form, then the real progress of the creation, the scraped pages and the result. */
export default function CreatorWorkflow({ refusal, onCreated }: CreatorWorkflowProps) {
  const { user, refreshSubscription } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateChatbotMutation();
  const siteDetails = useSiteDetailsMutation();
  const [values, setValues] = useState<CreatorValues>(DEFAULT_CREATOR_VALUES);
  /** The address whose business name was read and shown to confirm (issue 30); another address reads again. */
  const [nameReadFor, setNameReadFor] = useState<string | null>(null);
  const confirmingName = nameReadFor !== null && nameReadFor === values.websiteUrl.trim();
  const [advanced, setAdvanced] = useState(false);
  const [created, setCreated] = useState<CreatedChatbot | null>(null);
  const crawl = useCrawlStatusQuery(created?.id ?? null);
  const pollRefused = crawl.error instanceof ApiError && crawl.error.status >= 400 && crawl.error.status < 500;
  const crawlView = creationView(created !== null, crawl.data);
  // A refused poll (the assistant was deleted meanwhile) ends the progress with the server's reason.
  const view = pollRefused && !crawlView.complete ? { ...crawlView, error: errorMessage(crawl.error) } : crawlView;
  const resultRef = useRef<HTMLDivElement>(null);
  const announced = useRef(false);

  const creating = create.isPending || (created !== null && !view.complete && view.error === null);
  const busy = creating || siteDetails.isPending;
  const userId = user?.userId ?? '';

  const finished = view.complete || view.error !== null;

  // When the crawl ends: fresh lists (training quality), and on success the toast and the result in view.
  useEffect(() => {
    if (!created || !finished || announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: chatbotKeys.all(userId) });
    if (!view.complete) return;
    notify.success('Success!', { description: `AI assistant for ${created.businessName} created successfully!` });
    resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [created, finished, view.complete, queryClient, userId]);

  const handleSubmit = () => {
    if (!user) {
      notify.error('Authentication Required', { description: 'Please sign in to create a chatbot' });
      void navigate('/auth');
      return;
    }
    if (!values.websiteUrl.trim()) {
      notify.error('Please enter your website URL');
      return;
    }
    if (confirmingName && !values.businessName.trim()) {
      notify.error('Please enter your business name');
      return;
    }
    const request = toCreateRequest(confirmingName ? values : { ...values, businessName: '' }, user.userId);
    const parsed = createChatbotRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      if (field === 'websiteUrl') {
        notify.error('Invalid URL', { description: issue?.message ?? 'Please enter a valid website URL' });
      } else {
        notify.error('Error', { description: `${FIELD_NAMES[field] ?? field}: ${issue?.message ?? 'invalid value'}` });
      }
      return;
    }
    if (refusal) {
      notifyRefusal(refusal);
      return;
    }

    // First the name the site declares, for the owner to confirm or correct; then the assistant.
    if (!confirmingName) {
      siteDetails.mutate(request.websiteUrl, {
        onSuccess: ({ businessName }) => {
          setValues((current) => ({ ...current, businessName }));
          setNameReadFor(request.websiteUrl);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            notify.error('Authentication Required', { description: 'Please sign in to create a chatbot' });
            void navigate('/auth');
            return;
          }
          notify.error('Error', { description: error.message || 'Failed to create AI assistant' });
        },
      });
      return;
    }

    create.mutate(request, {
      onSuccess: ({ chatbot }) => {
        onCreated();
        setCreated(chatbot);
        void refreshSubscription();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          notify.error('Authentication Required', { description: 'Please sign in to create a chatbot' });
          void navigate('/auth');
          return;
        }
        if (error instanceof ApiError && error.status === 403) {
          if (error.message === QUOTA_ERRORS.limitReached || error.message === QUOTA_ERRORS.subscriptionRequired) {
            notifyRefusal(error.message);
            void refreshSubscription();
            return;
          }
        }
        notify.error('Error', { description: error.message || 'Failed to create AI assistant' });
      },
    });
  };

  const progressVisible = create.isPending || created !== null;

  return (
    <div className="flex flex-col gap-6">
      {!view.complete && (
        <CreatorForm
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          advanced={advanced}
          onAdvancedChange={setAdvanced}
          disabled={busy || created !== null}
          creating={busy}
          confirmingName={confirmingName}
          onSubmit={handleSubmit}
        />
      )}
      {progressVisible && <CreationProgressCard view={view} />}
      {created && crawl.data?.progress.stage === 'done_with_problems' && (
        <CrawlProblems chatbotId={created.id} progress={crawl.data.progress} />
      )}
      {view.error && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/dashboard">
              <LayoutDashboardIcon aria-hidden="true" />
              Go to Dashboard
            </Link>
          </Button>
        </div>
      )}
      <div ref={resultRef} className="flex scroll-mt-4 flex-col gap-6">
        {crawl.data && crawl.data.pages.length > 0 && <ScrapedPagesCard status={crawl.data} done={view.complete} />}
        {created && view.complete && (
          <CreationSuccessCard
            chatbot={created}
            warning={crawl.data?.total_pages === 0 ? (crawl.data.progress.error ?? 'No pages could be read.') : null}
          />
        )}
      </div>
    </div>
  );
}
