import { accountIdLabels, platformLabels, SOCIAL_CHANNEL_MIN_QUALITY, type ConnectedChannel, type SocialPlatform } from '@contracts/deployment';
import { CameraIcon, CopyIcon, MessageCircleIcon, MessagesSquareIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConnectChannelDialog, reportTest } from '@/dashboard/deploy/ConnectChannelDialog';
import { useDisconnectChannelMutation, useTestChannelMutation } from '@/dashboard/deploy/deployment-queries';
import { errorMessage } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/notify';

const LOOK: Record<SocialPlatform, { icon: typeof MessageCircleIcon; colour: string; about: string }> = {
  whatsapp: { icon: MessageCircleIcon, colour: 'bg-green-100 text-green-700', about: 'Answer customers on WhatsApp Business (Cloud API).' },
  messenger: { icon: MessagesSquareIcon, colour: 'bg-blue-100 text-blue-700', about: 'Answer messages to your Facebook page.' },
  instagram: { icon: CameraIcon, colour: 'bg-pink-100 text-pink-700', about: 'Answer Instagram Direct messages to your business account.' },
};

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs text-muted-foreground">{label}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs" title={value}>
          {value}
        </code>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => copyText(value).then(() => notify.success(`${label} copied`), () => notify.error(`Could not copy the ${label.toLowerCase()}`))}
        >
          <CopyIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/**
 * One messaging channel of spec 001's Messaging Channels: connected (its account, the webhook address
 * and verify token to enter at Meta, test, disconnect) or disconnected (connect, from 80% training quality).
 */
export function SocialChannelCard({
  chatbotId,
  platform,
  channel,
  trainingQuality,
}: {
  chatbotId: string;
  platform: SocialPlatform;
  channel: ConnectedChannel | undefined;
  trainingQuality: number;
}) {
  const label = platformLabels[platform];
  const { icon: Icon, colour, about } = LOOK[platform];
  const [dialogOpen, setDialogOpen] = useState(false);
  const disconnect = useDisconnectChannelMutation(chatbotId, platform);
  const test = useTestChannelMutation(chatbotId, platform);
  const ready = trainingQuality >= SOCIAL_CHANNEL_MIN_QUALITY;

  return (
    <Card data-channel={platform}>
      <CardHeader className="flex flex-row items-start gap-3">
        <span className={`flex size-10 items-center justify-center rounded-lg ${colour}`}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            {label}
            <Badge variant={channel ? 'default' : 'outline'}>{channel ? 'Connected' : 'Disconnected'}</Badge>
          </CardTitle>
          <CardDescription>{about}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {channel ? (
          <>
            <p className="text-sm">
              {channel.account_name || label} <span className="text-muted-foreground">({accountIdLabels[platform]} {channel.account_id})</span>
            </p>
            <p className="text-sm text-muted-foreground">In your Meta app, subscribe the webhook to messages with:</p>
            <CopyRow label="Callback URL" value={channel.webhook_url} />
            <CopyRow label="Verify token" value={channel.verify_token} />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={test.isPending}
                onClick={() =>
                  test.mutate(undefined, {
                    onSuccess: (result) => reportTest(label, result),
                    onError: (failure) => notify.error('Failed to test connection', { description: errorMessage(failure) }),
                  })
                }
              >
                {test.isPending ? 'Testing...' : 'Test connection'}
              </Button>
              <Button variant="outline" onClick={() => setDialogOpen(true)}>
                Update credentials
              </Button>
              <Button
                variant="destructive"
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(undefined, {
                    onSuccess: () => notify.success(`${label} disconnected`),
                    onError: (failure) => notify.error('Failed to update channel settings', { description: errorMessage(failure) }),
                  })
                }
              >
                Disconnect
              </Button>
            </div>
          </>
        ) : ready ? (
          <Button className="w-fit" onClick={() => setDialogOpen(true)}>
            Connect
          </Button>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Messaging channels open at {SOCIAL_CHANNEL_MIN_QUALITY}% training quality; this assistant is at {trainingQuality}%. Add knowledge,
              FAQs or training to get there.
            </p>
            <Button className="w-fit" disabled>
              Connect
            </Button>
          </>
        )}
        <ConnectChannelDialog chatbotId={chatbotId} platform={platform} open={dialogOpen} onOpenChange={setDialogOpen} />
      </CardContent>
    </Card>
  );
}
