import type { CrawlProgress } from '@contracts/chatbot';
import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useRetryCrawlMutation } from '@/chatbots/mutations';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/api';

/** Pages listed under the summary; the rest are counted in it. */
const LISTED_PAGES = 5;

/**
 * A crawl that finished with problems, told as it is: how many pages could not be read and why
 * ('28 of 41 pages could not be read: connection refused'), the first of them with their reasons,
 * where it stopped if time ran out, and a button that reads the failed pages again. Shown on the
 * creator and on the assistant's card.
 */
export function CrawlProblems({ chatbotId, progress, compact = false }: { chatbotId: string; progress: CrawlProgress; compact?: boolean }) {
  const retry = useRetryCrawlMutation();
  const canRetry = progress.failures.length > 0;
  const onRetry = (event: React.MouseEvent) => {
    event.stopPropagation();
    retry.mutate(chatbotId, {
      onSuccess: () => notify.success('Reading the failed pages again'),
      onError: (error) => notify.error('Could not retry', { description: errorMessage(error) }),
    });
  };
  return (
    <div role="status" aria-label="Website reading problems" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>Done with problems: {progress.error ?? 'some pages could not be read.'}</span>
      </p>
      {!compact && progress.failures.length > 0 && (
        <ul className="ml-6 list-disc text-xs">
          {progress.failures.slice(0, LISTED_PAGES).map((failure) => (
            <li key={failure.url}>
              <span className="break-all">{failure.url}</span>: {failure.reason}
            </li>
          ))}
          {progress.failures.length > LISTED_PAGES && <li>and {progress.failures.length - LISTED_PAGES} more</li>}
        </ul>
      )}
      {canRetry && (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={onRetry} disabled={retry.isPending}>
            <RotateCwIcon aria-hidden="true" />
            Retry failed pages
          </Button>
        </div>
      )}
    </div>
  );
}
