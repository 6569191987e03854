import { BotIcon, MessageCircleIcon, SendIcon } from 'lucide-react';

interface WidgetPreviewProps {
  businessName: string;
  agentName: string;
  agentImage: string;
  primaryColor: string;
  secondaryColor: string;
  /** The assistant's Welcome Message; the widget opens with it. */
  welcomeMessage?: string;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const colorOr = (value: string, fallback: string) => (HEX_COLOR.test(value.trim()) ? value.trim() : fallback);

/** A static mock of the chat widget in the assistant's colours, avatar and names (live as the form changes). */
export function WidgetPreview({ businessName, agentName, agentImage, primaryColor, secondaryColor, welcomeMessage }: WidgetPreviewProps) {
  const primary = colorOr(primaryColor, '#2563eb');
  const secondary = colorOr(secondaryColor, '#1e40af');
  const agent = agentName.trim() || 'AI Assistant';
  const business = businessName.trim() || 'your business';
  const avatar = agentImage.trim();

  return (
    <figure className="flex flex-col items-end gap-3" aria-label="Chat widget preview">
      <div className="w-full max-w-sm overflow-hidden rounded-2xl border bg-background shadow-lg">
        <div
          className="flex items-center gap-3 px-4 py-3 text-white"
          style={{ backgroundImage: `linear-gradient(135deg, ${primary}, ${secondary})` }}
        >
          <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-white/20">
            {avatar ? <img src={avatar} alt="" className="size-full object-cover" /> : <BotIcon className="size-5" />}
          </span>
          <div className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold">{agent}</span>
            <span className="text-xs opacity-90">● Online</span>
          </div>
        </div>
        <div className="flex flex-col gap-3 bg-muted/40 p-4 text-sm">
          <p className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-background px-3 py-2 shadow-xs">
            {welcomeMessage?.trim() || `Hi there! I'm ${agent} from ${business}. How can I help you today?`}
          </p>
          <p
            className="max-w-[85%] self-end rounded-2xl rounded-br-sm px-3 py-2 text-white"
            style={{ backgroundColor: primary }}
          >
            What are your opening hours?
          </p>
          <p className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-background px-3 py-2 shadow-xs">
            Happy to help! Here is what I found on the {business} website…
          </p>
        </div>
        <div className="flex items-center gap-2 border-t px-3 py-2">
          <span className="flex-1 text-sm text-muted-foreground">Type your message...</span>
          <span
            className="flex size-8 items-center justify-center rounded-full text-white"
            style={{ backgroundColor: primary }}
          >
            <SendIcon className="size-4" />
          </span>
        </div>
      </div>
      <span
        className="flex size-14 items-center justify-center overflow-hidden rounded-full text-white shadow-lg"
        style={{ backgroundColor: primary }}
      >
        {avatar ? <img src={avatar} alt="" className="size-full object-cover" /> : <MessageCircleIcon className="size-6" />}
      </span>
    </figure>
  );
}
