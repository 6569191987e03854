import type { DemoStats, PublicChatbot } from '@contracts/chat';
import { DEFAULT_AGENT_NAME } from '@contracts/chatbot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BookOpenIcon,
  BotIcon,
  ChartColumnIcon,
  GlobeIcon,
  InfoIcon,
  Share2Icon,
  SparklesIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRuntimeConfig } from '@/config/runtime-config';
import { DemoChatWidget } from '@/demo/DemoChatWidget';
import { useApi } from '@/lib/api';
import { KNOWLEDGE_TYPE_LABELS } from '@/dashboard/knowledge/knowledge-labels';
import { getDemoStats, getPublicChatbot, getPublicKnowledge, trackDemoEvent, type PublicKnowledgeEntry } from '@/lib/chat-api';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { demoLink } from '@/lib/demo-link';
import { notify } from '@/lib/notify';

const demoKeys = {
  chatbot: (id: string) => ['demo', id, 'chatbot'] as const,
  stats: (id: string) => ['demo', id, 'stats'] as const,
  knowledge: (id: string) => ['demo', id, 'knowledge'] as const,
};

/** Spec 001 section 9: shown when get-demo-stats fails (labelled as sample data). */
const SAMPLE_STATS: DemoStats = { total_views: 1, total_interactions: 0, avg_session_time: 60, last_accessed: null };

const STATUS_BADGE: Record<string, string> = {
  ready_for_deployment: 'border-green-200 bg-green-100 text-green-800',
  in_training: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  needs_training: 'border-red-200 bg-red-100 text-red-800',
};

/** Spec 001 section 9, demo training quality colours: 80+ green, 60-79 yellow, below 60 red. */
function qualityColour(quality: number): string {
  if (quality >= 80) return 'text-green-600';
  if (quality >= 60) return 'text-yellow-600';
  return 'text-red-600';
}

function formatSession(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

function randomSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `s_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 12)}`;
}

function NotAvailable({ reason }: { reason: 'missing' | 'unavailable' }) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/30 p-4">
      <Card role="alert" className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <TriangleAlertIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-xl">Demo Not Available</CardTitle>
          <CardDescription>
            {reason === 'missing'
              ? 'No chatbot ID provided in the URL. Please use a valid demo link.'
              : "This chatbot is either inactive or doesn't exist."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4">
          <p className="text-sm text-muted-foreground">
            Demo links look like <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">/demo?id=your-chatbot-id</code>
          </p>
          <Button asChild variant="outline">
            <Link to="/">Go to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function ShareButton({ chatbotId }: { chatbotId: string }) {
  const [copying, setCopying] = useState(false);
  const share = async () => {
    setCopying(true);
    try {
      await copyText(demoLink(chatbotId));
      notify.success('Demo link copied!', { description: 'Share this link to let others try your AI assistant' });
    } catch {
      notify.error('Failed to copy', { description: 'Please copy manually' });
    } finally {
      setCopying(false);
    }
  };
  return (
    <Button onClick={() => void share()} disabled={copying}>
      <Share2Icon aria-hidden="true" />
      {copying ? 'Copying...' : 'Share Demo'}
    </Button>
  );
}

function StatRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function DemoStatistics({ chatbot, stats, sample }: { chatbot: PublicChatbot; stats: DemoStats | undefined; sample: boolean }) {
  const quality = Math.round(chatbot.training_quality);
  return (
    <Card aria-labelledby="demo-stats-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id="demo-stats-title" className="flex items-center gap-2">
            <ChartColumnIcon className="size-5 text-primary" aria-hidden="true" />
            Demo Statistics
          </CardTitle>
          {sample && (
            <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
              Sample data
            </Badge>
          )}
        </div>
        {sample && (
          <CardDescription>Live statistics could not be loaded; the numbers below are sample data.</CardDescription>
        )}
      </CardHeader>
      <CardContent>
        <dl className="divide-y" aria-busy={!stats}>
          <StatRow label="Total Views">{stats ? stats.total_views.toLocaleString() : '…'}</StatRow>
          <StatRow label="Interactions">{stats ? stats.total_interactions.toLocaleString() : '…'}</StatRow>
          <StatRow label="Avg. Session">{stats ? formatSession(stats.avg_session_time) : '…'}</StatRow>
          <StatRow label="Training Quality">
            <span className={qualityColour(quality)}>{quality}%</span>
          </StatRow>
          <StatRow label="Status">
            <Badge
              variant="outline"
              className={
                chatbot.is_active ? 'border-green-200 bg-green-100 text-green-800' : 'border-border bg-muted text-muted-foreground'
              }
            >
              {chatbot.is_active ? 'Active' : 'Inactive'}
            </Badge>
          </StatRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function AboutAssistant({ chatbot }: { chatbot: PublicChatbot }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <InfoIcon className="size-5 text-primary" aria-hidden="true" />
          About This Assistant
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div>
          <p className="font-medium">Personality</p>
          <p className="text-muted-foreground">{chatbot.agent_personality || 'Helpful and friendly'}</p>
        </div>
        {chatbot.website_url && (
          <div>
            <p className="font-medium">Website</p>
            <a
              href={chatbot.website_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 text-primary hover:underline"
            >
              <GlobeIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{chatbot.website_url}</span>
            </a>
          </div>
        )}
        <Button asChild className="w-full">
          <Link to="/auth">
            <SparklesIcon aria-hidden="true" />
            Create Your Own
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Spec 001 'Demo page': the assistant's active knowledge base entries, newest first. */
function KnowledgeEntries({ entries, failed }: { entries: PublicKnowledgeEntry[] | undefined; failed: boolean }) {
  return (
    <Card aria-labelledby="demo-knowledge-title">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id="demo-knowledge-title" className="flex items-center gap-2">
            <BookOpenIcon className="size-5 text-primary" aria-hidden="true" />
            Knowledge Base
          </CardTitle>
          {entries && entries.length > 0 && <Badge variant="secondary">{entries.length}</Badge>}
        </div>
        <CardDescription>Facts and answers this assistant has been taught.</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">The knowledge base could not be loaded.</p>
        ) : !entries ? (
          <Spinner className="mx-auto size-5" label="Loading knowledge base" />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No knowledge base entries yet.</p>
        ) : (
          <ul className="-mr-2 flex max-h-[28rem] flex-col gap-3 overflow-y-auto pr-2" aria-label="Knowledge base entries">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border bg-muted/30 p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 text-sm font-medium break-words">{entry.title}</p>
                  <Badge variant="outline" className="shrink-0">
                    {KNOWLEDGE_TYPE_LABELS[entry.type]}
                  </Badge>
                </div>
                <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">{entry.content}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LiveWidgetDemo({ chatbot }: { chatbot: PublicChatbot }) {
  const primary = chatbot.primary_color || '#2563eb';
  let host = chatbot.website_url;
  try {
    host = new URL(chatbot.website_url).hostname;
  } catch {
    // Keep the stored text.
  }
  return (
    <Card className="h-full">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Live Widget Demo</CardTitle>
          <Badge variant="secondary">Interactive</Badge>
        </div>
        <CardDescription>This is how the assistant appears on {chatbot.business_name}'s website.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-hidden rounded-lg border bg-background shadow-sm" aria-label="Example business page" role="img">
          <div className="flex items-center gap-2 border-b bg-muted px-3 py-2">
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-yellow-400" />
            <span className="size-2.5 rounded-full bg-green-400" />
            <span className="ml-2 truncate rounded bg-background px-2 py-0.5 text-xs text-muted-foreground">{host}</span>
          </div>
          <div className="relative flex min-h-96 flex-col gap-4 p-6">
            <div className="h-8 w-1/3 rounded" style={{ backgroundColor: primary, opacity: 0.85 }} />
            <p className="text-2xl font-bold">{chatbot.business_name}</p>
            <div className="flex flex-col gap-2">
              <div className="h-3 w-full rounded bg-muted" />
              <div className="h-3 w-11/12 rounded bg-muted" />
              <div className="h-3 w-4/5 rounded bg-muted" />
            </div>
            <div className="grid grid-cols-3 gap-3">
              {[0, 1, 2].map((item) => (
                <div key={item} className="h-20 rounded-md bg-muted" />
              ))}
            </div>
            <div className="flex flex-col gap-2">
              <div className="h-3 w-3/4 rounded bg-muted" />
              <div className="h-3 w-2/3 rounded bg-muted" />
            </div>
            <span className="absolute right-4 bottom-4 rounded-full bg-muted px-3 py-1 text-xs text-muted-foreground">
              Chat widget loading...
            </span>
          </div>
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          The live assistant is the chat button in the bottom-right corner of this page: ask it anything.
        </p>
      </CardContent>
    </Card>
  );
}

/** /demo?id={chatbotId}: the public demo of one assistant (spec 001 section 2, 'Demo page'). */
export default function DemoPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const api = useApi();
  const queryClient = useQueryClient();
  const { productName } = useRuntimeConfig();
  const [sessionId] = useState(randomSessionId);

  const chatbot = useQuery({
    queryKey: demoKeys.chatbot(id ?? ''),
    queryFn: ({ signal }) => getPublicChatbot(api, id ?? '', signal),
    enabled: id !== null,
  });
  const stats = useQuery({
    queryKey: demoKeys.stats(id ?? ''),
    queryFn: ({ signal }) => getDemoStats(api, id ?? '', signal),
    enabled: id !== null && chatbot.isSuccess,
    staleTime: 0,
  });

  const knowledge = useQuery({
    queryKey: demoKeys.knowledge(id ?? ''),
    queryFn: ({ signal }) => getPublicKnowledge(api, id ?? '', signal),
    enabled: id !== null && chatbot.isSuccess,
  });

  const refreshStats = useCallback(() => {
    if (id) void queryClient.invalidateQueries({ queryKey: demoKeys.stats(id) });
  }, [id, queryClient]);

  useEffect(() => {
    if (chatbot.isError) notify.error('Failed to load demo. The chatbot might be inactive or not found.');
  }, [chatbot.isError]);

  // One demo_view per page load (the ref survives StrictMode's second effect run).
  const viewTracked = useRef<string | null>(null);
  const loaded = chatbot.data;
  useEffect(() => {
    if (!loaded || viewTracked.current === loaded.id) return;
    viewTracked.current = loaded.id;
    void trackDemoEvent(api, {
      chatbot_id: loaded.id,
      event_type: 'demo_view',
      session_id: sessionId,
      metadata: { timestamp: new Date().toISOString() },
    }).then(refreshStats);
  }, [loaded, api, sessionId, refreshStats]);

  useEffect(() => {
    if (!loaded) return;
    const previous = document.title;
    document.title = `${loaded.business_name} AI Assistant Demo`;
    return () => {
      document.title = previous;
    };
  }, [loaded]);

  if (!id) return <NotAvailable reason="missing" />;
  if (chatbot.isPending) {
    return (
      <div className="flex min-h-svh flex-col items-center justify-center gap-3">
        <Spinner className="size-8" label="Loading demo" />
        <p className="text-muted-foreground">Loading demo experience...</p>
      </div>
    );
  }
  if (chatbot.isError || !chatbot.data.is_active) return <NotAvailable reason="unavailable" />;

  const bot = chatbot.data;
  const agent = bot.agent_name || DEFAULT_AGENT_NAME;
  const status = bot.training_status;
  const sample = stats.isError;
  const shownStats = sample ? SAMPLE_STATS : stats.data;

  return (
    <div className="flex min-h-svh flex-col bg-linear-to-b from-primary/5 via-background to-background">
      <header className="border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-primary">
              {bot.agent_image ? (
                <img src={bot.agent_image} alt={agent} className="size-full object-cover" />
              ) : (
                <BotIcon className="size-6" aria-hidden="true" />
              )}
            </span>
            <div className="min-w-0">
              <h1 className="truncate text-xl font-bold">{agent}</h1>
              <p className="truncate text-sm text-muted-foreground">AI Assistant for {bot.business_name}</p>
            </div>
            <Badge variant="outline" className={cn(STATUS_BADGE[status] ?? 'border-border bg-muted text-muted-foreground')}>
              {status.replace(/_/g, ' ')}
            </Badge>
          </div>
          <ShareButton chatbotId={bot.id} />
        </div>
      </header>

      <main className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <DemoStatistics chatbot={bot} stats={shownStats} sample={sample} />
          <AboutAssistant chatbot={bot} />
          <KnowledgeEntries entries={knowledge.data} failed={knowledge.isError} />
        </div>
        <LiveWidgetDemo chatbot={bot} />
      </main>

      <footer className="border-t bg-background">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-4 px-4 pt-6 pb-24 sm:flex-row">
          <p className="text-sm text-muted-foreground">Powered by {productName}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/auth">Build Your Own AI Assistant</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">
                Learn More
              </Link>
            </Button>
          </div>
        </div>
      </footer>

      <DemoChatWidget chatbot={bot} sessionId={sessionId} onInteraction={refreshStats} />
    </div>
  );
}
