import { WAITLIST_OFFER, type WaitlistEntry } from '@contracts/waitlist';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DownloadIcon, LoaderCircleIcon, LockIcon, MailIcon, PhoneIcon, ShieldAlertIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { FullPageSpinner } from '@/components/Spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, useApi } from '@/lib/api';
import { notify } from '@/lib/notify';
import { listWaitlistPage } from '@/lib/waitlist-api';
import { waitlistCsv, waitlistCsvFileName } from '@/waitlist/waitlist-csv';

/** The largest page the API gives (GET /admin/waitlist `limit`). */
const EXPORT_PAGE_SIZE = 500;

const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

function CenteredNotice({ icon: Icon, title, text, action }: { icon: typeof LockIcon; title: string; text?: string; action: React.ReactNode }) {
  return (
    <div className="flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Icon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <CardTitle className="text-2xl">{title}</CardTitle>
          {text && <CardDescription>{text}</CardDescription>}
        </CardHeader>
        <CardContent>{action}</CardContent>
      </Card>
    </div>
  );
}

function StatCard({ icon: Icon, label, value }: { icon: typeof LockIcon; label: string; value: number }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-center justify-between">
        <CardDescription>{label}</CardDescription>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="text-3xl font-bold">{value}</CardContent>
    </Card>
  );
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** /admin/waitlist (spec 001): for the Cognito group `admin`, which the server checks. */
export default function AdminWaitlistPage() {
  const { user, loading } = useAuth();
  const api = useApi();
  const [exporting, setExporting] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ['admin-waitlist', user?.userId ?? ''],
    queryFn: ({ pageParam, signal }) => listWaitlistPage(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(user),
    retry: false,
  });
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  useEffect(() => {
    if (!query.error) return;
    if (forbidden) notify.error('Access Restricted', { description: "You don't have permission to view the waitlist. Admin access is required." });
    else notify.error('Error', { description: 'Failed to load waitlist data' });
  }, [query.error, forbidden]);

  if (loading) return <FullPageSpinner />;
  if (!user) {
    return (
      <CenteredNotice
        icon={LockIcon}
        title="Access Restricted"
        text="You need to be logged in as an admin to access the waitlist admin panel."
        action={
          <Button asChild>
            <Link to="/auth" state={{ from: '/admin/waitlist' }}>
              Sign In
            </Link>
          </Button>
        }
      />
    );
  }
  if (query.isPending) return <FullPageSpinner />;
  if (!query.data) {
    return (
      <CenteredNotice
        icon={ShieldAlertIcon}
        title="Admin Access Required"
        text={forbidden ? undefined : 'Failed to load waitlist data'}
        action={
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        }
      />
    );
  }

  const { stats } = query.data.pages[0]!;
  const entries: WaitlistEntry[] = query.data.pages.flatMap((page) => page.entries);

  const exportCsv = async () => {
    setExporting(true);
    try {
      // Every page, read afresh: the export holds the whole list, not just what is on screen.
      const all: WaitlistEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await listWaitlistPage(api, cursor, undefined, EXPORT_PAGE_SIZE);
        all.push(...page.entries);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      download(waitlistCsv(all), waitlistCsvFileName());
    } catch (error) {
      console.error('Export failed:', error);
      notify.error('Error', { description: 'Failed to load waitlist data' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Waitlist Admin</h1>
          <p className="text-muted-foreground">Everyone who claimed early access.</p>
        </div>
        <Button onClick={() => void exportCsv()} disabled={stats.total === 0 || exporting} aria-busy={exporting}>
          {exporting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
          Export CSV
        </Button>
      </header>

      <section className="grid gap-4 sm:grid-cols-3" aria-label="Statistics">
        <StatCard icon={UsersIcon} label="Total Signups" value={stats.total} />
        <StatCard icon={PhoneIcon} label="With Phone" value={stats.with_phone} />
        <StatCard icon={MailIcon} label="Marketing Opt-in" value={stats.marketing_opt_in} />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>All Entries ({stats.total})</CardTitle>
        </CardHeader>
        <CardContent>
          {entries.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No entries yet</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b text-muted-foreground">
                  <tr>
                    {['Name', 'Email', 'Phone', 'Promotions', 'Launch Access', 'Join Date'].map((column) => (
                      <th key={column} scope="col" className="px-2 py-2 font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} className="border-b last:border-0">
                      <td className="px-2 py-2 font-medium">{entry.name}</td>
                      <td className="px-2 py-2">{entry.email}</td>
                      <td className="px-2 py-2">{entry.phone ?? '-'}</td>
                      <td className="px-2 py-2">
                        <Badge variant={entry.agree_to_promotions ? 'default' : 'secondary'}>{entry.agree_to_promotions ? 'Yes' : 'No'}</Badge>
                      </td>
                      <td className="px-2 py-2">
                        <Badge variant={entry.agree_to_launch_access ? 'default' : 'secondary'}>{entry.agree_to_launch_access ? 'Yes' : 'No'}</Badge>
                      </td>
                      <td className="px-2 py-2">{new Date(entry.created_at).toLocaleDateString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
                Load more ({entries.length} of {stats.total} shown)
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Value Summary</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          <p>
            Total value promised: <strong>{pounds(stats.total * WAITLIST_OFFER.freeDaysValue)}</strong> ({stats.total} ×{' '}
            {pounds(WAITLIST_OFFER.freeDaysValue)})
          </p>
          <p>
            Opted in to marketing: <strong>{stats.marketing_opt_in}</strong>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
