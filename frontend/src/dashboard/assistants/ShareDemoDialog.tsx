import type { Chatbot } from '@contracts/chatbot';
import { ChartColumnIcon, CopyIcon, DownloadIcon, ExternalLinkIcon, MailIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { copyText } from '@/lib/clipboard';
import { demoLink } from '@/lib/demo-link';
import { notify } from '@/lib/notify';

/** Spec 000 'Share Demo dialog': the QR code is 200x200. */
const QR_SIZE = 200;

async function copyWithToast(text: string, success: string): Promise<void> {
  try {
    await copyText(text);
    notify.success(success);
  } catch {
    notify.error('Failed to copy', { description: 'Please copy manually' });
  }
}

/** The iframe snippet (400x600) that shows the public demo on another site. */
export function demoEmbedCode(link: string): string {
  return `<iframe src="${link}" width="400" height="600" frameborder="0" style="border: none; border-radius: 12px;" title="AI Assistant Demo" allow="clipboard-write"></iframe>`;
}

function fileSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'assistant'
  );
}

/** A 200x200 PNG of the demo link, drawn locally (no external QR service). */
function useQrCode(text: string): { dataUrl: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string; dataUrl: string | null; failed: boolean }>({
    text: '',
    dataUrl: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    // Its own chunk: only needed once the dialog is open.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (!cancelled) setState({ text, dataUrl, failed: false });
      })
      .catch((error: unknown) => {
        console.error('Could not draw the QR code:', error);
        if (!cancelled) setState({ text, dataUrl: null, failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [text]);
  return state.text === text ? state : { dataUrl: null, failed: false };
}

interface ShareDemoDialogProps {
  chatbot: Pick<Chatbot, 'id' | 'business_name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Share Demo (spec 000 section 2): link, custom message, share buttons, iframe snippet and QR code. */
export default function ShareDemoDialog({ chatbot, open, onOpenChange }: ShareDemoDialogProps) {
  const business = chatbot.business_name;
  const link = demoLink(chatbot.id);
  const embedCode = demoEmbedCode(link);
  const [message, setMessage] = useState('');
  const qr = useQrCode(link);
  const ids = useId();
  const linkId = `${ids}-link`;
  const messageId = `${ids}-message`;
  const embedId = `${ids}-embed`;

  const shareText = message.trim() || `Try the AI assistant for ${business}!`;
  const encodedLink = encodeURIComponent(link);
  const xUrl = `https://twitter.com/intent/tweet?text=${encodeURIComponent(shareText)}&url=${encodedLink}`;
  const linkedInUrl = `https://www.linkedin.com/sharing/share-offsite/?url=${encodedLink}`;
  const mailUrl = `mailto:?subject=${encodeURIComponent(`${business} AI Assistant Demo`)}&body=${encodeURIComponent(
    `${shareText}\n\n${link}`,
  )}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Share Demo</DialogTitle>
          <DialogDescription>Let anyone try the AI assistant for {business}: no sign-in needed.</DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-2">
          <Label htmlFor={linkId}>Demo link</Label>
          <div className="flex gap-2">
            <Input id={linkId} value={link} readOnly onFocus={(event) => event.target.select()} className="font-mono text-xs" />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Copy demo link"
              title="Copy demo link"
              onClick={() => void copyWithToast(link, 'Demo link copied!')}
            >
              <CopyIcon aria-hidden="true" />
            </Button>
            <Button asChild variant="outline" size="icon">
              <a href={link} target="_blank" rel="noopener noreferrer" aria-label="Open demo in a new tab" title="Open demo">
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor={messageId}>Custom message (optional)</Label>
          <Textarea
            id={messageId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={`Try the AI assistant for ${business}!`}
            maxLength={500}
            className="min-h-16"
          />
        </div>

        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">Share on</span>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={xUrl} target="_blank" rel="noopener noreferrer" aria-label="Share on X (Twitter)">
                <span aria-hidden="true" className="font-bold">
                  𝕏
                </span>
                X (Twitter)
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={linkedInUrl} target="_blank" rel="noopener noreferrer" aria-label="Share on LinkedIn">
                <span aria-hidden="true" className="rounded-sm bg-[#0a66c2] px-1 text-[10px] leading-4 font-bold text-white">
                  in
                </span>
                LinkedIn
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={mailUrl} aria-label="Share by e-mail">
                <MailIcon aria-hidden="true" />
                E-mail
              </a>
            </Button>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={embedId}>Embed code</Label>
            <Button type="button" variant="outline" size="sm" onClick={() => void copyWithToast(embedCode, 'Embed code copied!')}>
              <CopyIcon aria-hidden="true" />
              Copy Embed Code
            </Button>
          </div>
          <Textarea
            id={embedId}
            value={embedCode}
            readOnly
            onFocus={(event) => event.target.select()}
            className="min-h-20 font-mono text-xs"
          />
        </div>

        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <div
            className="flex size-[200px] shrink-0 items-center justify-center rounded-md border bg-white"
            aria-busy={!qr.dataUrl && !qr.failed}
          >
            {qr.dataUrl ? (
              <img src={qr.dataUrl} alt={`QR code for the ${business} demo`} width={QR_SIZE} height={QR_SIZE} />
            ) : (
              <span className="px-4 text-center text-xs text-muted-foreground">
                {qr.failed ? 'The QR code could not be drawn.' : 'Drawing the QR code...'}
              </span>
            )}
          </div>
          <div className="flex flex-col gap-3 text-sm">
            <p className="text-muted-foreground">Print or show this QR code so visitors can open the demo on their phone.</p>
            {qr.dataUrl ? (
              <Button asChild variant="outline" size="sm" className="w-fit">
                <a href={qr.dataUrl} download={`${fileSlug(business)}-demo-qr.png`}>
                  <DownloadIcon aria-hidden="true" />
                  Download QR Code
                </a>
              </Button>
            ) : (
              <Button variant="outline" size="sm" className="w-fit" disabled>
                <DownloadIcon aria-hidden="true" />
                Download QR Code
              </Button>
            )}
            <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-muted-foreground">
              <ChartColumnIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Demo views and interactions are tracked: see them in the Analytics section.
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
