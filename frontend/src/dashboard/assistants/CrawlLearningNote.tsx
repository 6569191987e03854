import type { Chatbot } from '@contracts/chatbot';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useUserId } from '@/auth/auth-context';
import { chatbotKeys } from '@/chatbots/chatbot-keys';
import { isCrawlFinished, pagesReadText } from '@/chatbots/crawl-stage';
import { useCrawlStatusQuery } from '@/chatbots/queries';

/** While an assistant's crawl runs: its live page count; when it ends, the list is refetched. */
export function CrawlLearningNote({ chatbot }: { chatbot: Chatbot }) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const status = useCrawlStatusQuery(chatbot.id);
  const progress = status.data?.progress ?? chatbot.crawl;
  const finished = isCrawlFinished(progress.stage);

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: chatbotKeys.list(userId) });
  }, [finished, queryClient, userId]);

  const detail =
    progress.stage === 'indexing'
      ? 'Processing content for AI…'
      : (pagesReadText(progress) ?? (progress.stage === 'queued' ? 'Starting…' : 'Looking for pages…'));

  return (
    <div className="flex items-start gap-2 rounded-md bg-primary/5 p-2 text-sm" role="status">
      <LoaderCircleIcon className="mt-0.5 size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
      <div className="flex flex-col">
        <span className="font-medium">Learning from your website…</span>
        <span className="text-xs text-muted-foreground">{detail}</span>
      </div>
    </div>
  );
}
