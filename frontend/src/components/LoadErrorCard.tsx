import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';

/** A screen's data could not be loaded: the spec's title, what the server said, and Retry. */
export function LoadErrorCard({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <Card role="alert" className="max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{errorMessage(error, 'Please try again.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
          Retry
        </Button>
      </CardContent>
    </Card>
  );
}
