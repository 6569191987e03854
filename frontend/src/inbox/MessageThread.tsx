import type { InboxMessage } from '@contracts/inbox';
import { useEffect, useRef } from 'react';
import { useUserId } from '@/auth/auth-context';
import { MessageText } from '@/chat/MessageText';
import { PersonAvatar } from '@/chat/PersonAvatar';
import { relativeTime } from '@/inbox/relative-time';
import { cn } from '@/lib/cn';

/**
 * Spec 001: messages oldest first; the business's (the assistant's and the owner's) on the right, the
 * customer's on the left, system notices centred, each with a relative time.
 */
function MessageRow({ message, userId }: { message: InboxMessage; userId: string }) {
  const time = (
    <time className="text-[11px] text-muted-foreground" dateTime={message.created_at}>
      {relativeTime(message.created_at)}
    </time>
  );
  if (message.sender_type === 'system') {
    return (
      <li className="flex flex-col items-center gap-1" data-sender="system">
        <p className="flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-xs text-muted-foreground">
          {/* "Maria from Harbor Cafe joined the conversation", after her face. */}
          {message.person_name && <PersonAvatar name={message.person_name} avatar={message.person_avatar} className="size-4 text-[8px]" />}
          {message.content}
        </p>
        {time}
      </li>
    );
  }
  const business = message.sender_type === 'assistant';
  return (
    <li className={cn('flex flex-col gap-1', business ? 'items-end' : 'items-start')} data-sender={message.sender_type}>
      <p
        className={cn(
          'max-w-[80%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap shadow-xs',
          business ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted',
        )}
      >
        {/* The business's replies show their links as links (text stays text); a visitor's message as typed. */}
        {business ? <MessageText text={message.content} /> : message.content}
      </p>
      <span className="flex gap-2 text-[11px] text-muted-foreground">
        {business && (
          <span className="flex items-center gap-1">
            {/* A person's reply: their face (picture or initials) as the visitor saw it. */}
            {message.agent_id && message.person_name && <PersonAvatar name={message.person_name} avatar={message.person_avatar} className="size-4 text-[8px]" />}
            {message.agent_id ? (message.agent_id === userId ? 'You' : (message.person_name ?? 'Team member')) : 'Assistant'}
          </span>
        )}
        {time}
      </span>
    </li>
  );
}

export function MessageThread({ messages }: { messages: InboxMessage[] }) {
  // The reader's own replies say 'You'; a colleague's their name (as the visitor saw it).
  const userId = useUserId();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <div className="flex-1 overflow-y-auto p-4">
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {messages.map((message) => (
          <MessageRow key={message.id} message={message} userId={userId} />
        ))}
      </ol>
      <div ref={end} />
    </div>
  );
}
