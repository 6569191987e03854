import { BotIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TypingDots } from '@/chat/TypingDots';
import { cn } from '@/lib/cn';

type ChatRole = 'user' | 'assistant';

/** Decorative: the bubble's side and colour already tell who speaks. */
function ChatAvatar({ role }: { role: ChatRole }) {
  const mine = role === 'user';
  return (
    <span
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full',
        mine ? 'bg-primary text-primary-foreground' : 'bg-background text-primary shadow-xs',
      )}
      aria-hidden="true"
    >
      {mine ? <UserIcon className="size-4" /> : <BotIcon className="size-4" />}
    </span>
  );
}

/**
 * One message of a dashboard chat: the user's on the right, the assistant's on the left. An editing
 * bubble takes the full width so the correction form fits. data-role lets tests tell the sides apart.
 */
export function ChatBubble({ role, editing = false, children }: { role: ChatRole; editing?: boolean; children: ReactNode }) {
  const mine = role === 'user';
  return (
    <div className={cn('flex items-end gap-2', mine && 'flex-row-reverse')}>
      <ChatAvatar role={role} />
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-2xl px-4 py-2 text-sm shadow-xs',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-background',
          editing && 'w-full max-w-full',
        )}
        data-role={role}
      >
        {children}
      </div>
    </div>
  );
}

/** The assistant's bubble while its reply is on the way; the label is what screen readers announce. */
export function TypingBubble({ label }: { label: string }) {
  return (
    <div className="flex items-end gap-2">
      <ChatAvatar role="assistant" />
      <div className="rounded-2xl rounded-bl-sm bg-background px-4 py-3 text-muted-foreground shadow-xs">
        <TypingDots label={label} />
      </div>
    </div>
  );
}
