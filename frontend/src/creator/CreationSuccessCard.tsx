import type { CreateChatbotResponse } from '@contracts/chatbot';
import { CircleCheckIcon, CopyIcon, ExternalLinkIcon, LayoutDashboardIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';

type CreatedChatbot = CreateChatbotResponse['chatbot'];

/** The creator links to the Configure page with chatbotId and businessName (spec 001 section 2). */
export function configureHref(chatbot: Pick<CreatedChatbot, 'id' | 'businessName'>): string {
  const query = new URLSearchParams({ chatbotId: chatbot.id, businessName: chatbot.businessName });
  return `/chatbot-preview?${query.toString()}`;
}

async function copyEmbedCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    notify.success('Copied!', { description: 'Embed code copied to clipboard' });
  } catch (error) {
    console.error('Copying the embed code failed:', error);
    notify.error('Failed to copy', { description: 'Please copy manually' });
  }
}

/** The result: 'Ready to Deploy', the embed code to copy, Configure (new tab) and Go to Dashboard. */
export function CreationSuccessCard({ chatbot, warning }: { chatbot: CreatedChatbot; warning: string | null }) {
  return (
    <Card role="region" aria-label="Assistant created" className="border-green-600/30">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CircleCheckIcon className="size-6 text-green-600" aria-hidden="true" />
          <CardTitle className="text-xl">{chatbot.businessName} AI Assistant</CardTitle>
          <Badge className="bg-green-600 text-white">Ready to Deploy</Badge>
        </div>
        <CardDescription>
          Built from{' '}
          <a href={chatbot.websiteUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
            {chatbot.websiteUrl}
          </a>
          . Paste the embed code into your website, just before the closing &lt;/body&gt; tag.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {warning && (
          <p role="status" className="rounded-md border border-yellow-500/40 bg-yellow-50 p-3 text-sm text-yellow-800">
            {warning}
          </p>
        )}
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="creator-embed-code">Embed Code</Label>
          <Button variant="outline" size="sm" onClick={() => void copyEmbedCode(chatbot.embedCode)}>
            <CopyIcon aria-hidden="true" />
            Copy Code
          </Button>
        </div>
        <Textarea
          id="creator-embed-code"
          readOnly
          rows={4}
          value={chatbot.embedCode}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="resize-none bg-muted font-mono text-xs"
        />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild>
          <a href={configureHref(chatbot)} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Configure
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden="true" />
            Go to Dashboard
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
