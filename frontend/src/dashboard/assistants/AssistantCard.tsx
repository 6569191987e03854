import { DEFAULT_AGENT_NAME, type Chatbot } from '@contracts/chatbot';
import { BotIcon, ExternalLinkIcon, GlobeIcon, SettingsIcon, Share2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { isCrawlFinished, learnedPagesLines } from '@/chatbots/crawl-stage';
import { useSetChatbotActiveMutation } from '@/chatbots/mutations';
import { can, isShared } from '@/chatbots/role-rights';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { CrawlLearningNote } from '@/dashboard/assistants/CrawlLearningNote';
import { DeleteAssistantButton } from '@/dashboard/assistants/DeleteAssistantButton';
import { TeamShareField } from '@/dashboard/assistants/TeamShareField';
import { TrainingQualityIndicator } from '@/dashboard/assistants/TrainingQualityIndicator';
import { ROLE_LABELS } from '@/dashboard/teams/team-roles';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

// Loaded when first shown: the assistants list is the dashboard's first view (budget: 200 KB gzip of JS).
const AddKnowledgeDialog = lazy(() => import('@/dashboard/knowledge/AddKnowledgeDialog').then((m) => ({ default: m.AddKnowledgeDialog })));
const CrawlProblems = lazy(() => import('@/chatbots/CrawlProblems').then((m) => ({ default: m.CrawlProblems })));

const CHANNEL_LABELS: Record<Chatbot['deployment_channels'][number], string> = {
  website: 'Website',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

function ActiveSwitch({ chatbot }: { chatbot: Chatbot }) {
  const setActive = useSetChatbotActiveMutation();
  const checked = setActive.isPending ? setActive.variables.isActive : chatbot.is_active;
  const business = chatbot.business_name;

  const toggle = (isActive: boolean) => {
    setActive.mutate(
      { id: chatbot.id, isActive },
      {
        onSuccess: (saved) => {
          if (saved.is_active) notify.success('AI Assistant Activated', { description: 'Your AI assistant is now live' });
          else notify.success('AI Assistant Deactivated', { description: 'Your AI assistant is now offline' });
        },
        onError: (error) => notify.error('Failed to update AI assistant status', { description: error.message }),
      },
    );
  };

  return (
    <Switch
      checked={checked}
      onCheckedChange={toggle}
      disabled={setActive.isPending}
      aria-label={checked ? `Deactivate ${business}` : `Activate ${business}`}
    />
  );
}

interface AssistantCardProps {
  chatbot: Chatbot;
  selected: boolean;
  onSelect: () => void;
  /** Opens the Share Demo dialog for this assistant. */
  onShare: () => void;
}

/** One assistant on the Assistants screen (spec 000 section 2). Clicking the card selects it. */
export function AssistantCard({ chatbot, selected, onSelect, onShare }: AssistantCardProps) {
  const business = chatbot.business_name;
  const learning = !isCrawlFinished(chatbot.crawl.stage);
  // A question the assistant missed, opened in the Knowledge dialog to teach its answer.
  const [teaching, setTeaching] = useState<string | null>(null);

  return (
    <>
    <Card
      role="group"
      aria-label={business}
      data-selected={selected}
      onClick={onSelect}
      className={cn(
        'cursor-pointer gap-4 transition-shadow hover:shadow-md',
        selected && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      <CardHeader className="flex flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-primary">
          {chatbot.agent_image ? (
            <img src={chatbot.agent_image} alt="" className="size-full object-cover" />
          ) : (
            <BotIcon className="size-5" aria-hidden="true" />
          )}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 className="truncate leading-tight font-semibold">
            <button
              type="button"
              aria-pressed={selected}
              onClick={(event) => {
                event.stopPropagation();
                onSelect();
              }}
              className="max-w-full truncate rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {business}
            </button>
          </h3>
          <p className="truncate text-sm text-muted-foreground">{chatbot.agent_name || DEFAULT_AGENT_NAME}</p>
          {isShared(chatbot) && (
            // Issue 12: someone else's assistant, seen through a team, with the caller's role there.
            <p className="flex flex-wrap items-center gap-1.5 pt-1 text-xs text-muted-foreground">
              <Badge variant="secondary">Shared · {chatbot.team_name}</Badge>
              <span>Your role: {ROLE_LABELS[chatbot.role]}</span>
            </p>
          )}
        </div>
        <Badge
          variant="outline"
          className={
            chatbot.is_active ? 'border-green-200 bg-green-100 text-green-800' : 'border-border bg-muted text-muted-foreground'
          }
        >
          {chatbot.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <a
          href={chatbot.website_url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => event.stopPropagation()}
          className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{chatbot.website_url}</span>
        </a>
        <div className="flex flex-wrap gap-1.5" aria-label="Deployment channels">
          {chatbot.deployment_channels.length === 0 ? (
            <Badge variant="outline" className="text-muted-foreground">
              Not deployed
            </Badge>
          ) : (
            chatbot.deployment_channels.map((channel) => (
              <Badge key={channel} variant="secondary">
                {CHANNEL_LABELS[channel]}
              </Badge>
            ))
          )}
        </div>
        {learning ? (
          <CrawlLearningNote chatbot={chatbot} />
        ) : (
          <>
            <TrainingQualityIndicator
              quality={chatbot.training_quality}
              status={chatbot.training_status}
              label={`Training quality of ${business}`}
              breakdown={chatbot.training_breakdown}
              update={chatbot.knowledge_update}
              onTeach={can(chatbot, 'edit') ? setTeaching : undefined}
            />
            {learnedPagesLines(chatbot.crawl).length > 0 && (
              <p className="text-xs text-muted-foreground" aria-label="Website pages learned">
                {learnedPagesLines(chatbot.crawl).join(' ')}
              </p>
            )}
            {chatbot.crawl.stage === 'done_with_problems' && (
              <Suspense fallback={null}>
                <CrawlProblems chatbotId={chatbot.id} progress={chatbot.crawl} compact />
              </Suspense>
            )}
            {chatbot.crawl.stage === 'failed' && (
              <p className="text-xs text-destructive">
                Reading the website failed{chatbot.crawl.error ? `: ${chatbot.crawl.error}` : '.'}
              </p>
            )}
          </>
        )}
        {can(chatbot, 'own') && <TeamShareField chatbot={chatbot} />}
      </CardContent>
      <CardFooter className="mt-auto flex flex-wrap items-center gap-2 border-t pt-4">
        {can(chatbot, 'edit') && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/chatbot-preview?id=${encodeURIComponent(chatbot.id)}`}>
              <SettingsIcon aria-hidden="true" />
              Configure
            </Link>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={`/demo?id=${encodeURIComponent(chatbot.id)}`} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Demo
          </a>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={(event) => {
            event.stopPropagation();
            onShare();
          }}
        >
          <Share2Icon aria-hidden="true" />
          Share Demo
        </Button>
        <div className="ml-auto flex items-center gap-1" onClick={(event) => event.stopPropagation()}>
          {can(chatbot, 'edit') && <ActiveSwitch chatbot={chatbot} />}
          {can(chatbot, 'own') && <DeleteAssistantButton chatbot={chatbot} />}
        </div>
      </CardFooter>
    </Card>
    {teaching !== null && (
      <Suspense fallback={null}>
        <AddKnowledgeDialog
          chatbots={[chatbot]}
          open
          onOpenChange={(open) => !open && setTeaching(null)}
          initial={{ title: teaching, content: '', type: 'faq', chatbot_id: chatbot.id }}
        />
      </Suspense>
    )}
    </>
  );
}
