import { allowedDomainSchema, MAX_ALLOWED_DOMAINS, type WebsiteChannel } from '@contracts/deployment';
import { GlobeIcon, PlusIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useUpdateWebsiteChannelMutation } from '@/dashboard/deploy/deployment-queries';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/**
 * The website channel (spec 001: toggled on and off directly) and the domains the widget may run on.
 * An empty list means anywhere; a listed domain also allows its subdomains.
 */
export function WebsiteChannelCard({ chatbotId, website }: { chatbotId: string; website: WebsiteChannel }) {
  const update = useUpdateWebsiteChannelMutation(chatbotId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const save = (enabled: boolean, domains: string[], success: string) =>
    update.mutate(
      { enabled, allowed_domains: domains },
      {
        onSuccess: () => notify.success(success),
        onError: (failure) => notify.error('Failed to update channel settings', { description: errorMessage(failure) }),
      },
    );

  const addDomain = (event: FormEvent) => {
    event.preventDefault();
    const parsed = allowedDomainSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a domain like example.com');
      return;
    }
    if (website.allowed_domains.includes(parsed.data)) {
      setError(`${parsed.data} is already listed`);
      return;
    }
    if (website.allowed_domains.length >= MAX_ALLOWED_DOMAINS) {
      setError(`At most ${MAX_ALLOWED_DOMAINS} domains`);
      return;
    }
    setError(null);
    setDraft('');
    save(website.enabled, [...website.allowed_domains, parsed.data], `${parsed.data} allowed`);
  };

  return (
    <Card data-channel="website">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-700">
            <GlobeIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <CardTitle className="flex items-center gap-2">
              Website
              <Badge variant={website.enabled ? 'default' : 'outline'}>{website.enabled ? 'Connected' : 'Disconnected'}</Badge>
            </CardTitle>
            <CardDescription>The chat widget on your website (the code from Website Embed).</CardDescription>
          </div>
        </div>
        <Switch
          checked={website.enabled}
          aria-label="Website channel"
          disabled={update.isPending}
          onCheckedChange={(enabled) => save(enabled, website.allowed_domains, enabled ? 'Website connected' : 'Website disconnected')}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={inputId}>Allowed domains</Label>
          <p className="text-sm text-muted-foreground">
            {website.allowed_domains.length === 0
              ? 'The widget runs on any website. List your domains to keep it off everyone else’s.'
              : 'The widget runs only on these domains and their subdomains; other pages get no widget and their chats are refused.'}
          </p>
        </div>
        {website.allowed_domains.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Allowed domains">
            {website.allowed_domains.map((domain) => (
              <li key={domain}>
                <Badge variant="secondary" className="gap-1 py-1 pr-1">
                  {domain}
                  <button
                    type="button"
                    className="rounded p-0.5 hover:bg-background"
                    aria-label={`Remove ${domain}`}
                    disabled={update.isPending}
                    onClick={() =>
                      save(
                        website.enabled,
                        website.allowed_domains.filter((d) => d !== domain),
                        `${domain} removed`,
                      )
                    }
                  >
                    <XIcon aria-hidden="true" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <form className="flex gap-2" onSubmit={addDomain} noValidate>
          <Input
            id={inputId}
            value={draft}
            placeholder="example.com"
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <Button type="submit" variant="outline" disabled={update.isPending || draft.trim() === ''}>
            <PlusIcon aria-hidden="true" />
            Add domain
          </Button>
        </form>
        {error && (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
