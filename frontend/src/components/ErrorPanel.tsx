import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec 000 section 2, "Generic error panel". */
export function ErrorPanel() {
  return (
    <div className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center" role="alert">
        <CardHeader className="items-center">
          <TriangleAlertIcon aria-hidden="true" className="mx-auto size-10 text-destructive" />
          <CardTitle className="text-xl">Something went wrong</CardTitle>
          <CardDescription>We encountered an unexpected error. Please try refreshing the page.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        </CardContent>
      </Card>
    </div>
  );
}
