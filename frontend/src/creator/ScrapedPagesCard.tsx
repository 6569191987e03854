import type { CrawlStatusResponse } from '@contracts/chatbot';
import { FileTextIcon } from 'lucide-react';
import { learnedPagesLines } from '@/chatbots/crawl-stage';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec 000 section 9: at most 6 pages, then '+N more pages'. */
export const SCRAPED_PREVIEW_LIMIT = 6;

/** The pages the crawl really read (title and address), as they arrive. */
export function ScrapedPagesCard({ status, done }: { status: CrawlStatusResponse; done: boolean }) {
  const shown = status.pages.slice(0, SCRAPED_PREVIEW_LIMIT);
  const more = Math.max(0, status.total_pages - shown.length);
  return (
    <Card role="region" aria-label="Scraped pages">
      <CardHeader>
        <CardTitle className="text-xl">Scraped Pages</CardTitle>
        <CardDescription>
          {done
            ? `Your assistant learned from ${status.total_pages} ${status.total_pages === 1 ? 'page' : 'pages'} of your website.`
            : 'Pages read from your website so far.'}
        </CardDescription>
        {done &&
          learnedPagesLines(status.progress).map((line) => (
            <p key={line} className="text-sm text-muted-foreground">
              {line}
            </p>
          ))}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {shown.map((page) => (
            <li key={page.url} className="flex items-start gap-3 rounded-md border p-3">
              <FileTextIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium">{page.title || page.url}</span>
                <a
                  href={page.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="truncate text-xs text-muted-foreground hover:underline"
                >
                  {page.url}
                </a>
              </div>
            </li>
          ))}
        </ul>
        {more > 0 && <p className="mt-3 text-sm text-muted-foreground">+{more} more pages</p>}
      </CardContent>
    </Card>
  );
}
