import type { Chatbot } from '@contracts/chatbot';
import type { WebsiteChannel } from '@contracts/deployment';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LiveStatus } from '@/dashboard/deploy/LiveStatus';
import { platformGuides } from '@/dashboard/deploy/platform-instructions';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

const STEPS = ['Copy code', 'Add to website', 'Go live'] as const;
type Step = 1 | 2 | 3;
/** Spec 001 section 9: the copy confirmation resets after 2 s. */
const COPIED_RESET_MS = 2000;

function StepIndicator({ step }: { step: Step }) {
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Embed steps">
      {STEPS.map((label, index) => {
        const number = (index + 1) as Step;
        const state = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li key={label} className="flex items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                state === 'done' && 'border-primary bg-primary text-primary-foreground',
                state === 'current' && 'border-primary text-primary',
                state === 'next' && 'text-muted-foreground',
              )}
            >
              {state === 'done' ? <CheckIcon className="size-4" aria-hidden="true" /> : number}
            </span>
            <span className={state === 'next' ? 'text-muted-foreground' : 'font-medium'}>{label}</span>
            {number < 3 && <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}

function CodeBlock({ code }: { code: string }) {
  return (
    <pre className="overflow-x-auto rounded-lg border bg-muted p-4 text-xs leading-relaxed" aria-label="Embed code">
      <code>{code}</code>
    </pre>
  );
}

/**
 * Website Embed (spec 001 /dashboard/deploy): 1 copy the code (copying moves on to 2), 2 add it to the
 * site with per-platform instructions, 3 go live, with whether the widget has been seen running.
 */
export function EmbedWizard({ chatbot, website }: { chatbot: Chatbot; website: WebsiteChannel | undefined }) {
  const [step, setStep] = useState<Step>(1);
  const [copied, setCopied] = useState(false);

  const copy = async (toast: string, moveOn: boolean) => {
    try {
      await copyText(chatbot.embed_code);
      notify.success(toast);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_RESET_MS);
      if (moveOn) setStep(2);
    } catch {
      notify.error('Failed to copy code');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add {chatbot.agent_name} to your website</CardTitle>
        <CardDescription>One line of code puts a chat button on every page of {chatbot.business_name}’s website.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <StepIndicator step={step} />

        {step === 1 && (
          <section className="flex flex-col gap-3" aria-labelledby="embed-step-1">
            <h3 id="embed-step-1" className="font-semibold">
              Step 1: Copy your code
            </h3>
            <p className="text-sm text-muted-foreground">
              The code loads the chat widget from this product and starts it for {chatbot.agent_name}. Paste it once, before the
              closing &lt;/body&gt; tag.
            </p>
            <CodeBlock code={chatbot.embed_code} />
            <Button className="w-fit" onClick={() => void copy('Code copied to clipboard!', true)}>
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? 'Copied!' : 'Copy Code'}
            </Button>
          </section>
        )}

        {step === 2 && (
          <section className="flex flex-col gap-3" aria-labelledby="embed-step-2">
            <h3 id="embed-step-2" className="font-semibold">
              Step 2: Add it to your website
            </h3>
            <p className="text-sm text-muted-foreground">Paste the code once; it works on every page that includes it.</p>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => void copy('Embed code copied to clipboard!', false)}>
                {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                {copied ? 'Copied!' : 'Copy again'}
              </Button>
            </div>
            <Tabs defaultValue={platformGuides[0]!.id}>
              <TabsList className="h-auto w-full flex-wrap">
                {platformGuides.map((guide) => (
                  <TabsTrigger key={guide.id} value={guide.id}>
                    {guide.name}
                  </TabsTrigger>
                ))}
              </TabsList>
              {platformGuides.map((guide) => (
                <TabsContent key={guide.id} value={guide.id} className="rounded-lg border p-4">
                  <ol className="list-decimal space-y-1.5 pl-5 text-sm">
                    {guide.steps.map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ol>
                </TabsContent>
              ))}
            </Tabs>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep(1)}>
                Back to Code
              </Button>
              <Button onClick={() => setStep(3)}>I've Added the Code</Button>
            </div>
          </section>
        )}

        {step === 3 && (
          <section className="flex flex-col gap-3" aria-labelledby="embed-step-3">
            <h3 id="embed-step-3" className="font-semibold">
              Step 3: Go live
            </h3>
            <LiveStatus website={website} />
            <Button asChild className="w-fit">
              <Link to="/dashboard/assistants">View Dashboard</Link>
            </Button>
          </section>
        )}

        <div className="flex justify-between border-t pt-4">
          <Button variant="outline" onClick={() => setStep((s) => Math.max(1, s - 1) as Step)} disabled={step === 1}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" onClick={() => setStep((s) => Math.min(3, s + 1) as Step)} disabled={step === 3}>
            Next
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
