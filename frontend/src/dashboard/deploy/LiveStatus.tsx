import type { WebsiteChannel } from '@contracts/deployment';
import { CircleCheckIcon, CircleDashedIcon, TriangleAlertIcon } from 'lucide-react';
import { seenAgo } from '@/dashboard/deploy/seen-ago';

/**
 * Step 3 of the embed wizard: whether the widget is live, from the page origins it reported (the
 * Deployment Center polls them), or how to check.
 */
export function LiveStatus({ website, now = Date.now() }: { website: WebsiteChannel | undefined; now?: number }) {
  if (!website) return <p className="text-sm text-muted-foreground">Checking where your assistant is live…</p>;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      {!website.enabled && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          The website channel is off, so no website shows the widget. Switch it on under Messaging Channels.
        </p>
      )}
      {website.allowed_domains.length > 0 && (
        <p className="text-sm text-muted-foreground">Only shown on: {website.allowed_domains.join(', ')} (and their subdomains).</p>
      )}
      {website.seen.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {website.seen.map((seen) => (
            <li key={seen.origin} className="flex items-center gap-2 text-sm font-medium text-green-700">
              <CircleCheckIcon className="size-4" aria-hidden="true" />
              Live on {seen.origin} ({seenAgo(seen.last_seen_at, now)})
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex items-start gap-2 rounded-lg border p-3 text-sm">
          <CircleDashedIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">Not seen on a website yet.</p>
            <p className="text-muted-foreground">
              Open a page of your website where you added the code (reload it if it was open). The chat button appears in a corner,
              and this page shows “Live on …” within 15 seconds. Nothing yet? Check that the code is on the published page,
              before &lt;/body&gt;, and that your site is in the allowed domains.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
