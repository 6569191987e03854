import type { ConversationChannel } from '@contracts/inbox';
import { cn } from '@/lib/cn';

/** Spec 001: each channel its own colour (the brands' own: WhatsApp green, Instagram pink, Messenger blue). */
const channelColours: Record<ConversationChannel, string> = {
  website: 'bg-slate-100 text-slate-700 border-slate-200',
  whatsapp: 'bg-green-100 text-green-800 border-green-200',
  instagram: 'bg-pink-100 text-pink-800 border-pink-200',
  messenger: 'bg-blue-100 text-blue-800 border-blue-200',
  sms: 'bg-amber-100 text-amber-800 border-amber-200',
  voice: 'bg-violet-100 text-violet-800 border-violet-200',
};

export function ChannelBadge({ channel }: { channel: ConversationChannel }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-md border px-1.5 py-0.5 text-[11px] font-medium', channelColours[channel])} data-channel={channel}>
      {channel}
    </span>
  );
}
