import { syncFrequencies, type Chatbot, type SyncFrequency, type SyncHistoryEntry } from '@contracts/chatbot';
import { useQueryClient } from '@tanstack/react-query';
import { GlobeIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { isCrawlFinished, learnedPagesLines, pagesReadText } from '@/chatbots/crawl-stage';
import { useCrawlStatusQuery } from '@/chatbots/queries';
import { can } from '@/chatbots/role-rights';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useLearnedPagesQuery, useSyncFrequencyMutation, useSyncNowMutation, useSyncSettingsQuery } from '@/dashboard/knowledge/website-sync-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

const FREQUENCY_LABELS: Record<SyncFrequency, string> = { never: 'Never', daily: 'Daily', weekly: 'Weekly' };
const KIND_LABELS: Record<SyncHistoryEntry['kind'], string> = { crawl: 'First reading', sync: 'Sync', retry: 'Retry of failed pages' };
const TRIGGER_LABELS: Record<SyncHistoryEntry['trigger'], string> = { create: 'when created', manual: 'by you', schedule: 'on schedule' };

function historyLine(entry: SyncHistoryEntry): string {
  const { added, changed, removed, failed } = entry.changes;
  if (entry.stage === 'crawling') return 'Reading now…';
  if (entry.stage === 'failed') return entry.error ?? 'Failed';
  return `${added} added, ${changed} changed, ${removed} removed${failed ? `, ${failed} failed` : ''}`;
}

/**
 * The website an assistant learned (issue 27), on the Knowledge screen: how many pages it learned of
 * those found and why it stopped, 'Sync now', how often it reads the site again by itself, the sync
 * history, and the learned pages, searchable.
 */
export function WebsitePagesCard({ chatbots }: { chatbots: readonly Chatbot[] }) {
  const [chatbotId, setChatbotId] = useState(chatbots[0]?.id ?? '');
  const [search, setSearch] = useState('');
  const chatbot = chatbots.find((c) => c.id === chatbotId) ?? chatbots[0];
  const id = chatbot?.id ?? '';
  const userId = useUserId();
  const queryClient = useQueryClient();
  const status = useCrawlStatusQuery(id || null);
  const settings = useSyncSettingsQuery(id);
  const pages = useLearnedPagesQuery(id, search.trim());
  const syncNow = useSyncNowMutation();
  const frequency = useSyncFrequencyMutation(id);
  const progress = status.data?.progress ?? chatbot?.crawl;
  const running = progress ? !isCrawlFinished(progress.stage) : false;

  useEffect(() => {
    // A reading just ended: the page list and the history show what it did.
    if (!running && id) {
      void queryClient.invalidateQueries({ queryKey: chatbotKeys.sync(userId, id) });
      void queryClient.invalidateQueries({ queryKey: ['chatbots', userId, 'pages', id] });
    }
  }, [running, id, queryClient, userId]);

  if (!chatbot || !progress) return null;
  const editable = can(chatbot, 'edit');

  return (
    <Card role="region" aria-label="Website pages">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <GlobeIcon className="size-5 text-primary" aria-hidden="true" />
          Website Pages
        </CardTitle>
        <CardDescription>What your assistant learned from {chatbot.website_url}. Sync it when your website changes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {chatbots.length > 1 && (
            <div className="flex flex-col gap-1 sm:w-64">
              <Label htmlFor="website-pages-assistant">Assistant</Label>
              <NativeSelect id="website-pages-assistant" value={id} onChange={(event) => setChatbotId(event.target.value)}>
                {chatbots.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.business_name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="flex flex-col gap-1 sm:w-48">
            <Label htmlFor="website-sync-frequency">Sync automatically</Label>
            <NativeSelect
              id="website-sync-frequency"
              value={settings.data?.frequency ?? 'never'}
              disabled={!editable || !settings.data || frequency.isPending}
              onChange={(event) =>
                frequency.mutate(event.target.value as SyncFrequency, {
                  onSuccess: (saved) => notify.success('Sync schedule saved', { description: `Your website is read again: ${FREQUENCY_LABELS[saved.frequency].toLowerCase()}.` }),
                  onError: (error) => notify.error('Could not save the sync schedule', { description: errorMessage(error) }),
                })
              }
            >
              {syncFrequencies.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {editable && (
            <Button
              type="button"
              variant="outline"
              disabled={running || syncNow.isPending}
              onClick={() =>
                syncNow.mutate(id, {
                  onSuccess: () => notify.success('Sync started', { description: 'Your assistant is reading your website again.' }),
                  onError: (error) => notify.error('Could not sync', { description: errorMessage(error) }),
                })
              }
            >
              <RefreshCwIcon className={running ? 'animate-spin' : undefined} aria-hidden="true" />
              Sync now
            </Button>
          )}
        </div>

        <div className="text-sm" role="status" aria-live="polite">
          {running ? (
            <p>Reading your website… {pagesReadText(progress) ?? ''}</p>
          ) : progress.stage === 'failed' ? (
            <p className="text-destructive">Reading the website failed{progress.error ? `: ${progress.error}` : '.'}</p>
          ) : (
            learnedPagesLines(progress).map((line) => <p key={line}>{line}</p>)
          )}
          {settings.data?.next_sync_at && <p className="text-muted-foreground">Next sync: {new Date(settings.data.next_sync_at).toLocaleString()}</p>}
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor="website-pages-search">Search pages</Label>
          <Input id="website-pages-search" type="search" placeholder="Title or address" value={search} onChange={(event) => setSearch(event.target.value)} />
          {pages.data && (
            <p className="text-xs text-muted-foreground">
              {search.trim() ? `${pages.data.matching} of ${pages.data.total} pages match` : `${pages.data.total} pages learned`}
            </p>
          )}
          <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label="Learned pages">
            {pages.data?.pages.map((page) => (
              <li key={page.url} className="flex min-w-0 flex-col rounded-md border px-3 py-2">
                <span className="truncate text-sm font-medium">{page.title}</span>
                <a href={page.url} target="_blank" rel="noopener noreferrer" className="truncate text-xs text-muted-foreground hover:underline">
                  {page.url}
                </a>
              </li>
            ))}
          </ul>
        </div>

        {settings.data && settings.data.history.length > 0 && (
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Sync history</h3>
            <ul className="flex flex-col gap-1 text-xs" aria-label="Sync history">
              {settings.data.history.map((entry) => (
                <li key={entry.id} className="flex flex-wrap gap-x-2">
                  <span className="font-medium">{new Date(entry.started_at).toLocaleString()}</span>
                  <span>
                    {KIND_LABELS[entry.kind]} {TRIGGER_LABELS[entry.trigger]}:
                  </span>
                  <span className={entry.stage === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>{historyLine(entry)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
